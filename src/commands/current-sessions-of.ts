import type { ClubSession } from '../club/domain.js';
import { builtOnce } from './built-once.js';

const none: readonly ClubSession[] = [];

/**
 * The current (not archived) sessions a member swims in, in the list's order, from an index
 * built once per sessions list: the cache hands every read the same list until it changes, so a
 * member card no longer scans every roster (365 swimmers a session at 5,000 members).
 */
export function currentSessionsOf(
  sessions: readonly ClubSession[],
  memberGuid: string,
): readonly ClubSession[] {
  return bySwimmer(sessions).get(memberGuid) ?? none;
}

const bySwimmer = builtOnce(
  (sessions: readonly ClubSession[]): ReadonlyMap<string, readonly ClubSession[]> => {
    const index = new Map<string, ClubSession[]>();
    for (const session of sessions) {
      if (session.archived) continue;
      for (const swimmer of session.members) {
        const theirs = index.get(swimmer.guid);
        if (!theirs) index.set(swimmer.guid, [session]);
        // A swimmer listed twice in one roster is in that session once.
        else if (theirs.at(-1) !== session) theirs.push(session);
      }
    }
    return index;
  },
);
