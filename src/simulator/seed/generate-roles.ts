import { COMMITTEE_POSITIONS } from './assign-club-duties.js';
import type { ClubPerson } from './club-person.js';
import type { SeedClubRole } from './records.js';
import type { SeedContext } from './seed-context.js';

/**
 * A role per committee position, "Head Coach", "Coach" (every other coach) and one per volunteer
 * duty ("Deputy Welfare Officer", "Team Manager", "Timekeeper"...), in that order; empty roles are
 * left out.
 */
export function generateRoles(ctx: SeedContext, people: readonly ClubPerson[]): SeedClubRole[] {
  const holders = new Map<string, ClubPerson[]>();
  const hold = (role: string, person: ClubPerson): void => {
    const list = holders.get(role);
    if (list === undefined) holders.set(role, [person]);
    else list.push(person);
  };
  const committee = people.filter((person) => person.position !== undefined);
  for (const position of COMMITTEE_POSITIONS) {
    for (const person of committee) if (person.position === position) hold(position, person);
  }
  for (const person of people) {
    if (person.user.IsACoach !== 1) continue;
    hold(person.user.JobTitle === 'Head Coach' ? 'Head Coach' : 'Coach', person);
  }
  for (const person of people) if (person.duty !== undefined) hold(person.duty, person);
  return [...holders].map(([RoleName, members]) => ({
    Guid: ctx.newGuid(),
    RoleName,
    Members: members.map((person) => ({ Guid: person.user.Guid })),
  }));
}
