import { assignClubDuties } from './assign-club-duties.js';
import type { ClubPerson } from './club-person.js';
import { generateAdultSwimmers } from './generate-adult-swimmers.js';
import { generateFixtureFamily, generateHousehold } from './generate-household.js';
import { generateCoaches, generateVolunteers } from './generate-staff.js';
import { registerMembers } from './register-members.js';
import type { SeedContext } from './seed-context.js';

/** The youngest swimmer's age; the first random family's first child is exactly this old. */
export const YOUNGEST_SWIMMER_AGE = 5;

/**
 * Exactly `members` members (every User record counts, parents included): about 2.5% coaches,
 * 10% adult swimmers, 2% volunteers without children in the club, the fixture family, and
 * families of juniors and parents filling the rest. Returned in order of joining.
 */
export function generateMembers(ctx: SeedContext, members: number): ClubPerson[] {
  const { random } = ctx;
  const people: ClubPerson[] = [
    ...generateCoaches(ctx, Math.max(2, Math.round(members * 0.025))),
    ...generateAdultSwimmers(ctx, Math.max(2, Math.round(members * 0.1))),
    ...generateVolunteers(ctx, Math.max(1, Math.round(members * 0.02))),
    ...generateFixtureFamily(ctx),
  ];
  let firstChildAge: number | undefined = YOUNGEST_SWIMMER_AGE;
  while (people.length < members) {
    const room = members - people.length;
    if (room === 1) {
      people.push(...generateVolunteers(ctx, 1));
      break;
    }
    const wanted = random.weighted([
      [1, 50],
      [2, 35],
      [3, 15],
    ] as const);
    const children = Math.min(room - 1, wanted);
    const parents = room - children >= 2 && random.chance(0.55) ? 2 : 1;
    for (const person of generateHousehold(ctx, { parents, children, firstChildAge })) {
      people.push(person);
    }
    firstChildAge = undefined;
  }
  assignClubDuties(ctx, people, members);
  return registerMembers(ctx, people);
}
