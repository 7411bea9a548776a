import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decideAsker } from '../../src/access/asker.js';
import { AccessPolicyError, parseAccessPolicy } from '../../src/access/load-access-policy.js';
import { registry } from '../../src/commands/registry.js';

const example = `
# Which roles may run a command (replacing the built-in defaults)
commands:
  quota: [admin, committee]
  member details: [coach, welfare, admin]
  session: [coach, head-coach, welfare, committee]
# Extra roles for chat users (by user id) and Discord roles (by role id)
grant:
  - { platform: slack, user: U0123ABCD, roles: [admin] }
  - { platform: slack, user: U0COACH01, roles: [coach] }
  - { platform: discord, group: "112233445566778899", roles: [coach] }
deny:
  - { platform: slack, user: U0BADBEEF, roles: [welfare] }
# Discord has no email: link a Discord user to the club member with this email
links:
  - { platform: discord, user: "998877665544332211", email: coach@example.org }
# Which club roles (their whole names) make a person welfare, membership, head-coach or admin
role_patterns:
  welfare: "(Deputy )?Welfare Officer|Safeguarding Lead"
# Who sees DBS details and every roster (each must also be allowed the command)
safeguarding_details: [welfare, admin]
all_rosters: [head-coach, welfare, committee]
`;

describe('the access policy file', () => {
  it('when the README example is read, it grants, denies, links and changes command roles', () => {
    const policy = parseAccessPolicy(example, registry);
    expect(policy.commands).toEqual({
      quota: ['admin', 'committee'],
      'member details': ['coach', 'welfare', 'admin'],
      session: ['coach', 'head-coach', 'welfare', 'committee'],
    });
    expect(policy.safeguardingDetails).toEqual(['welfare', 'admin']);
    expect(policy.allRosters).toEqual(['head-coach', 'welfare', 'committee']);
    expect(policy.grant).toHaveLength(3);
    expect(policy.deny[0]).toEqual({ platform: 'slack', user: 'U0BADBEEF', roles: ['welfare'] });
    expect(policy.rolePatterns.welfare.test('Safeguarding Lead')).toBe(true);
    expect(policy.rolePatterns.welfare.test('deputy welfare officer')).toBe(true);
    // A pattern matches the whole name: words inside a longer name do not count.
    expect(policy.rolePatterns.welfare.test('Club Safeguarding Lead')).toBe(false);
    const slack = decideAsker({ platform: 'slack', userId: 'U0COACH01' }, [], [], policy);
    expect(slack.roles.sort()).toEqual(['coach', 'everyone']);
  });

  it('when a rule grants a Slack user group, the policy is refused: the bot cannot see Slack groups, so the rule would never apply', () => {
    const text =
      'grant:\n  - { platform: slack, group: S0COACHES, roles: [coach] }\n  - { group: S0X, roles: [admin] }\n';
    expect(() => parseAccessPolicy(text, registry)).toThrowError(AccessPolicyError);
    try {
      parseAccessPolicy(text, registry);
    } catch (error) {
      const problems = (error as AccessPolicyError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^grant\.0: .*platform: discord.*Slack user groups are not read/);
    }
  });

  it('when a Discord user is linked by email in the policy, they become that member', () => {
    const policy = parseAccessPolicy(example, registry);
    const coach = {
      guid: 'g-coach',
      firstName: 'Cora',
      lastName: 'Reed',
      email: 'coach@example.org',
      address: [],
      emergencyContacts: [],
      active: true,
      isSwimmer: false,
      isVolunteer: false,
      isCoach: true,
      isParent: false,
      isCommitteeMember: false,
      inWhosWho: false,
      parents: [],
      swimmers: [],
      hasDbsDate: true,
      consents: { imageUse: true, videoUse: true, travel: true },
    };
    const asker = decideAsker(
      { platform: 'discord', userId: '998877665544332211' },
      [coach],
      [],
      policy,
    );
    expect(asker.memberGuid).toBe('g-coach');
    expect(asker.roles).toContain('coach');
  });

  it('when the file has several mistakes, every one is listed with where it is', () => {
    const bad = `
commands:
  sesion: [coach]
grant:
  - { platform: slack, roles: [coach] }
  - { platform: teams, user: U1, roles: [wizard] }
role_patterns:
  admin: "Chair("
`;
    let error: unknown;
    try {
      parseAccessPolicy(bad, registry, 'policy.yaml');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AccessPolicyError);
    const message = (error as Error).message;
    expect(message).toContain('policy.yaml');
    expect(message).toMatch(/commands\.sesion: no such command/);
    expect(message).toMatch(/grant\.0: a rule needs a user or a group/);
    expect(message).toMatch(/grant\.1\.platform/);
    expect(message).toMatch(/grant\.1\.roles\.0/);
    expect(message).toMatch(/role_patterns\.admin: must be a valid regular expression/);
  });

  it('when a command name is misspelt, the message lists the real ones', () => {
    expect(() => parseAccessPolicy('commands:\n  sesion: [coach]\n', registry)).toThrow(
      /commands\.sesion: no such command; the commands are: help, today, whoswho/,
    );
  });

  it('when the file is not YAML, it says so', () => {
    expect(() => parseAccessPolicy('grant: [\n', registry)).toThrow(/not valid YAML/);
  });

  it('when the file leaves out the new switches, only the welfare officer sees DBS details, and the head coach and welfare see every roster', () => {
    const policy = parseAccessPolicy('grant: []\n', registry);
    expect(policy.safeguardingDetails).toEqual(['welfare']);
    expect(policy.allRosters).toEqual(['head-coach', 'welfare']);
    expect(policy.rolePatterns.admin.test('Gala Secretary')).toBe(false);
    expect(policy.rolePatterns.headCoach.test('Head Coach')).toBe(true);
  });

  it('when a role sees DBS details or every roster but may not run the command that shows them, the file is refused and says what to add', () => {
    const problem = () =>
      parseAccessPolicy(
        'safeguarding_details: [welfare, admin]\nall_rosters: [committee]\n',
        registry,
      );
    expect(problem).toThrow(/safeguarding_details: admin may not run \/member details/);
    expect(problem).toThrow(/add admin to commands.member details/);
    expect(problem).toThrow(/all_rosters: committee may not run \/session/);
  });

  it('when a head coach pattern is given, it decides who is head coach', () => {
    const policy = parseAccessPolicy('role_patterns:\n  head_coach: "Lead Coach"\n', registry);
    expect(policy.rolePatterns.headCoach.test('lead coach')).toBe(true);
    expect(policy.rolePatterns.headCoach.test('Head Coach')).toBe(false);
  });

  it('when the example in docs/operations.md is read, it is a valid policy', () => {
    const doc = readFileSync('docs/operations.md', 'utf8');
    const example = /### The access policy[\s\S]*?```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const policy = parseAccessPolicy(example ?? '', registry);
    expect(policy.safeguardingDetails).toEqual(['welfare', 'admin']);
    expect(policy.allRosters).toEqual(['head-coach', 'welfare', 'committee']);
  });
});
