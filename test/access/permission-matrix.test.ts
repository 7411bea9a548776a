import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultAccessPolicy,
  deriveRoles,
  mayRun,
  type AccessPolicy,
} from '../../src/access/access-policy.js';
import type { Member } from '../../src/club/domain.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { offeredOn } from '../../src/core/command.js';
import { registry } from '../../src/commands/registry.js';
import { botRoles, type BotRole } from '../../src/core/roles.js';
import { defaultRights } from '../support/default-rights.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * Every command × every role, through the real dispatcher: roles derived from the club's records
 * (Slack by email, Discord by a stored link) and roles granted by the policy (a Slack user id,
 * a Discord role). Expected: exactly the defaults written out below, least privilege.
 */

const mayByDefault = (roles: readonly BotRole[], command: string) =>
  ['everyone' as const, ...roles].some((role) => defaultRights[role].includes(command));

const granted: BotRole[] = botRoles.filter((role) => role !== 'everyone');
const policy: AccessPolicy = {
  ...defaultAccessPolicy,
  grant: granted.flatMap((role) => [
    { platform: 'slack' as const, user: `U-g-${role}`, roles: [role] },
    { platform: 'discord' as const, group: `role-${role}`, roles: [role] },
  ]),
};

let harness: BotHarness;
let members: Member[];
/** For each role, a member whose club records give it, with every role they give. */
const derivedMember = new Map<BotRole, { member: Member; roles: BotRole[] }>();

beforeAll(async () => {
  harness = await startBotHarness({
    noWorker: true,
    policy,
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  // The adapters decide from the cache: fill it as a worker would.
  members = (await harness.services.data.members()).value;
  const roles = (await harness.services.data.roles()).value;
  for (const member of members) {
    const derived = deriveRoles(member, roles);
    if (!member.email || members.filter((other) => other.email === member.email).length > 1)
      continue;
    for (const role of derived) {
      const known = derivedMember.get(role);
      // Prefer the member with the fewest other roles, so each row tests its own role.
      if (role !== 'everyone' && (!known || known.roles.length > derived.length)) {
        derivedMember.set(role, { member, roles: derived });
      }
    }
  }
});
afterAll(() => harness.stop());

type Identity = {
  label: string;
  role: BotRole;
  /** The roles the identity really has (a committee chair is committee and admin). */
  roles: () => BotRole[];
  user: () => Promise<ChatUser | undefined>;
};
const just = (role: BotRole) => () => ['everyone', role] as BotRole[];
const fromRecords = (role: BotRole) => () => derivedMember.get(role)?.roles ?? [];

const identities: Identity[] = botRoles.flatMap((role): Identity[] => {
  if (role === 'everyone') {
    return [
      {
        label: 'an unlinked Slack user',
        role,
        roles: just(role),
        user: async () => ({ platform: 'slack', userId: 'U-nobody' }),
      },
      {
        label: 'an unlinked Discord user',
        role,
        roles: just(role),
        user: async () => ({ platform: 'discord', userId: 'nobody' }),
      },
    ];
  }
  return [
    {
      label: `a Slack ${role} by club records`,
      role,
      roles: fromRecords(role),
      user: async () => {
        const member = derivedMember.get(role)?.member;
        return member ? { platform: 'slack', userId: `U-${role}`, email: member.email } : undefined;
      },
    },
    {
      label: `a Discord ${role} by a stored link`,
      role,
      roles: fromRecords(role),
      user: async () => {
        const member = derivedMember.get(role)?.member;
        if (!member) return undefined;
        const user: ChatUser = { platform: 'discord', userId: `d-${role}` };
        await harness.services.links.set(user, member.guid);
        return user;
      },
    },
    {
      label: `a Slack ${role} granted by user id`,
      role,
      roles: just(role),
      user: async () => ({ platform: 'slack', userId: `U-g-${role}` }),
    },
    {
      label: `a Discord ${role} by Discord role`,
      role,
      roles: just(role),
      user: async () => ({ platform: 'discord', userId: `d-g-${role}`, groups: [`role-${role}`] }),
    },
  ];
});

describe('the permission matrix, through the real dispatch', () => {
  for (const identity of identities) {
    for (const command of registry) {
      const expected = () => mayByDefault(identity.roles(), command.name);
      it(`${identity.label}: /${command.name} is allowed exactly when their roles allow it and their platform offers it`, async () => {
        const user = await identity.user();
        if (!user)
          return expect(
            identity.label.includes('club records') || identity.label.includes('link'),
          ).toBe(true);
        const [slash, ...rest] = command.name.split(' ');
        const options = Object.fromEntries(
          command.options
            .filter((o) => o.required)
            .map((o) => [o.name, o.choices?.[0]?.value ?? 'Tuesday']),
        );
        const input = {
          id: `${identity.label}-${command.name}`,
          slash: `/${slash}`,
          text: [...rest, ...Object.values(options)].join(' '),
        };
        const result = await harness.dispatcher.command(input, user, {
          platform: 'console',
          conversationId: input.id,
        });
        // A command another platform offers (/link in Slack) is not a command here at all.
        if (!offeredOn(command, user.platform))
          return expect(result).toMatchObject({ kind: 'reply', reply: { title: 'Not a command' } });
        const refused = result.kind === 'reply' && result.reply.title === 'Not available to you';
        expect(refused).toBe(!expected());
      });
    }
  }

  it('the seeded club has a member deriving each role on its own (so the rows above are not vacuous)', () => {
    expect([...derivedMember.keys()].sort()).toEqual([
      'admin',
      'coach',
      'committee',
      'head-coach',
      'membership',
      'welfare',
    ]);
  });

  it('the written-out defaults are the registry’s (so a change to either is a change to both)', () => {
    for (const role of botRoles) {
      const asker = { user: { platform: 'console' as const, userId: 'x' }, roles: [role] };
      for (const command of registry) {
        expect(mayRun(asker, command, defaultAccessPolicy)).toBe(
          mayByDefault([role], command.name),
        );
      }
    }
  });
});
