import type { Member } from '../club/domain.js';

const indexes = new WeakMap<readonly Member[], ReadonlyMap<string, Member>>();

/**
 * Members by Guid, built once per members list: the cache hands every read the same list until
 * it changes, so a roster no longer maps the whole club on every command.
 */
export function membersByGuid(members: readonly Member[]): ReadonlyMap<string, Member> {
  let index = indexes.get(members);
  if (!index) {
    index = new Map(members.map((member) => [member.guid, member]));
    indexes.set(members, index);
  }
  return index;
}
