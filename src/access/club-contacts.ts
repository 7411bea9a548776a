import type { Member, NamedMembership } from '../club/domain.js';
import { displayName, membersOf } from '../club/members/members-of.js';
import type { BotRole } from '../core/roles.js';
import type { ClubContacts } from '../core/club-data.js';
import { defaultRolePatterns, type RolePatterns } from './access-policy.js';
import { reportsAccount } from '../commands/incident/incident-reporter.js';

const officeRoles: readonly [keyof RolePatterns, BotRole][] = [
  ['welfare', 'welfare'],
  ['membership', 'membership'],
  ['headCoach', 'head-coach'],
  ['admin', 'admin'],
];

/** Pure: who holds each office among the current members, and whether unlinked reports are filed. */
export function clubContacts(
  members: readonly Member[],
  clubRoles: readonly NamedMembership[],
  options: { patterns?: RolePatterns; reportsMember?: string } = {},
): ClubContacts {
  const patterns = options.patterns ?? defaultRolePatterns;
  const byRole: Partial<Record<BotRole, string[]>> = {};
  for (const role of clubRoles) {
    const office = role.name.trim().replace(/\s+/g, ' ');
    for (const [pattern, botRole] of officeRoles) {
      if (!patterns[pattern].test(office)) continue;
      const people = membersOf(role, members).filter((member) => member.active);
      const named = people.map((member) => `${displayName(member)} (${office})`);
      byRole[botRole] = [...new Set([...(byRole[botRole] ?? []), ...named])];
    }
  }
  const account = reportsAccount(members, options.reportsMember);
  return {
    byRole,
    reportsFiled: account !== undefined,
    ...(account ? { reportsAccount: account.guid } : {}),
  };
}

/** "Wendy Hale (Welfare Officer) or Sam Lee (Deputy Welfare Officer)": at most `most` people. */
export function namesOf(
  contacts: ClubContacts | undefined,
  roles: readonly BotRole[],
  most = 2,
): string | undefined {
  const people = [...new Set(roles.flatMap((role) => contacts?.byRole[role] ?? []))];
  if (people.length === 0) return undefined;
  const shown = people.slice(0, most);
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}` : shown[0];
}

/** What reading the contacts needs: the cached members and roles, the policy's role patterns. */
export interface ContactsSource {
  members(): Promise<{ value: readonly Member[] } | undefined>;
  roles(): Promise<{ value: readonly NamedMembership[] } | undefined>;
}

/** The contacts from the cache (the worker's reads, or an adapter's peek); undefined when not cached. */
export async function readContacts(
  source: ContactsSource,
  options: { patterns?: RolePatterns; reportsMember?: string },
): Promise<ClubContacts | undefined> {
  const [members, roles] = await Promise.all([source.members(), source.roles()]);
  return members && roles ? clubContacts(members.value, roles.value, options) : undefined;
}
