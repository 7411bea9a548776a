import type { Member, NamedMembership } from '../club/domain.js';
import type { BotRole } from '../commands/roles.js';

/** Which club roles (by name) give which bot roles. */
export interface RolePatterns {
  welfare: RegExp;
  membership: RegExp;
  admin: RegExp;
}

export const defaultRolePatterns: RolePatterns = {
  welfare: /welfare/i,
  membership: /membership/i,
  admin: /\b(chair|secretary)\b/i,
};

/**
 * Roles from the club's own records, with no configuration: `IsACoach` gives coach,
 * `CommitteeMember` gives committee, and membership of a club role whose name matches a pattern
 * gives welfare, membership or admin. Everyone has `everyone`.
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
    // "Membership Secretary" is membership, not admin: the admin pattern's "secretary" alone.
    if (patterns.welfare.test(role.name)) roles.add('welfare');
    else if (patterns.membership.test(role.name)) roles.add('membership');
    else if (patterns.admin.test(role.name)) roles.add('admin');
  }
  return [...roles];
}
