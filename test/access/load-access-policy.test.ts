import { describe, expect, it } from 'vitest';
import { decideAsker } from '../../src/access/decide-asker.js';
import { AccessPolicyError, parseAccessPolicy } from '../../src/access/load-access-policy.js';
import { registry } from '../../src/commands/registry.js';

const example = `
# Which roles may run a command (replacing the built-in defaults)
commands:
  quota: [admin, committee]
# Extra roles for chat users, Slack user groups and Discord roles
grant:
  - { platform: slack, user: U0123ABCD, roles: [admin] }
  - { platform: slack, group: S0COACHES, roles: [coach] }
  - { platform: discord, group: "112233445566778899", roles: [coach] }
deny:
  - { platform: slack, user: U0BADBEEF, roles: [welfare] }
# Discord has no email: link a Discord user to the club member with this email
links:
  - { platform: discord, user: "998877665544332211", email: coach@example.org }
role_patterns:
  welfare: "Welfare|Safeguarding"
`;

describe('the access policy file', () => {
  it('when the README example is read, it grants, denies, links and changes command roles', () => {
    const policy = parseAccessPolicy(example, registry);
    expect(policy.commands).toEqual({ quota: ['admin', 'committee'] });
    expect(policy.grant).toHaveLength(3);
    expect(policy.deny[0]).toEqual({ platform: 'slack', user: 'U0BADBEEF', roles: ['welfare'] });
    expect(policy.rolePatterns.welfare.test('Club Safeguarding Lead')).toBe(true);
    const slack = decideAsker(
      { platform: 'slack', userId: 'U9', groups: ['S0COACHES'] },
      [],
      [],
      policy,
    );
    expect(slack.roles.sort()).toEqual(['coach', 'everyone']);
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
      /commands\.sesion: no such command; the commands are: help, whoswho/,
    );
  });

  it('when the file is not YAML, it says so', () => {
    expect(() => parseAccessPolicy('grant: [\n', registry)).toThrow(/not valid YAML/);
  });
});
