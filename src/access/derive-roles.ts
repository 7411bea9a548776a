import type { Member, NamedMembership } from '../club/domain.js';
import type { BotRole } from '../core/roles.js';

/** Which club roles (by their whole name) give which bot roles. */
export interface RolePatterns {
  welfare: RegExp;
  membership: RegExp;
  headCoach: RegExp;
  admin: RegExp;
}

/**
 * A pattern that must match a club role's whole name, in any case. Words inside a longer name do
 * not count: "Secretary" is not "Gala Secretary", "Chair" is not "Vice Chair".
 */
export function wholeName(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'i');
}

/** Least privilege: only the offices that need a bot role get one. */
export const defaultRolePatterns: RolePatterns = {
  welfare: wholeName('(club )?(deputy )?(welfare|safeguarding) officer'),
  membership: wholeName('(club )?membership secretary'),
  headCoach: wholeName('(club )?head coach'),
  admin: wholeName('chair|chairman|chairwoman|chairperson|(club )?secretary'),
};

const byPattern: readonly [keyof RolePatterns, BotRole][] = [
  ['welfare', 'welfare'],
  ['membership', 'membership'],
  ['headCoach', 'head-coach'],
  ['admin', 'admin'],
];

/**
 * Roles from the club's own records, with no configuration: `IsACoach` gives coach,
 * `CommitteeMember` gives committee, and holding a club role whose whole name matches a pattern
 * gives welfare, membership, head-coach or admin. Everyone has `everyone`.
 */
export function deriveRoles(
  member: Member | undefined,
  clubRoles: readonly NamedMembership[],
  patterns: RolePatterns = defaultRolePatterns,
): BotRole[] {
  const roles = new Set<BotRole>(['everyone']);
  if (!member || !member.active) return [...roles];
  if (member.isCoach) roles.add('coach');
  if (member.isCommitteeMember) roles.add('committee');
  for (const role of clubRoles) {
    if (!role.members.includes(member.guid)) continue;
    const name = role.name.trim().replace(/\s+/g, ' ');
    for (const [pattern, botRole] of byPattern)
      if (patterns[pattern].test(name)) roles.add(botRole);
  }
  return [...roles];
}
