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

/**
 * Pure: each member's swimmers, from both sides of the link (a swimmer's `Parents` can miss a
 * parent whose own `Swimmers` names them), by the parent's Guid.
 */
export function swimmersByParent(members: readonly Member[]): Map<string, Set<string>> {
  const byParent = new Map<string, Set<string>>();
  const link = (parent: string, swimmer: string) =>
    byParent.set(parent, (byParent.get(parent) ?? new Set()).add(swimmer));
  for (const member of members) {
    for (const swimmer of member.swimmers) link(member.guid, swimmer);
    for (const parent of member.parents) link(parent, member.guid);
  }
  return byParent;
}
