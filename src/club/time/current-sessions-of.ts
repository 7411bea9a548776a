import type { ClubSession } from '../domain.js';

/** The current (not archived) sessions a member swims in, in the list's order. */
export function currentSessionsOf(
  sessions: readonly ClubSession[],
  memberGuid: string,
): ClubSession[] {
  return sessions.filter(
    (session) =>
      !session.archived && session.members.some((swimmer) => swimmer.guid === memberGuid),
  );
}
