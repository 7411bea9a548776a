import type { Member } from '../domain.js';

/** Members by Guid. */
export function membersByGuid(members: readonly Member[]): ReadonlyMap<string, Member> {
  return new Map(members.map((member) => [member.guid, member]));
}
