import type { Member } from '../club/domain.js';
import { builtOnce } from './built-once.js';

/**
 * Members by Guid, built once per members list: the cache hands every read the same list until
 * it changes, so a roster no longer maps the whole club on every command.
 */
export const membersByGuid = builtOnce(
  (members: readonly Member[]): ReadonlyMap<string, Member> =>
    new Map(members.map((member) => [member.guid, member])),
);
