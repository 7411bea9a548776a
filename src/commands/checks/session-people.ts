import type { ClubSession, Member } from '../../club/domain.js';

/**
 * Pure: the adults on duty at current (not archived) sessions, each with the sessions they take:
 * the sessions' `Coaches`, helpers included, in the members' order.
 */
export function peopleOnDuty(
  members: readonly Member[],
  sessions: readonly ClubSession[],
): { member: Member; sessions: string[] }[] {
  const duty = new Map<string, string[]>();
  for (const session of sessions) {
    if (session.archived) continue;
    for (const coach of session.coaches)
      duty.set(coach.guid, [...(duty.get(coach.guid) ?? []), session.name]);
  }
  return members.flatMap((member) => {
    const taken = duty.get(member.guid);
    return taken ? [{ member, sessions: taken }] : [];
  });
}
