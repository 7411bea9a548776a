import type { ClubPerson } from './club-person.js';
import { createPerson } from './create-person.js';
import { formatDay, parseDay } from './dates.js';
import { SURNAMES } from './names.js';
import { fictionalAddress } from './places.js';
import type { SeedContext } from './seed-context.js';

/** The oldest swimmer's age; the first adult swimmer is exactly this old. */
export const OLDEST_SWIMMER_AGE = 70;

/**
 * Adult swimmers, mostly masters: ages 18 to 70 (the first exactly 70). About one in twenty has
 * left the club (Active 0, with DateLeft).
 */
export function generateAdultSwimmers(ctx: SeedContext, count: number): ClubPerson[] {
  const { random } = ctx;
  const swimmers: ClubPerson[] = [];
  for (let i = 0; i < count; i++) {
    const band = random.weighted([
      [[18, 22], 20],
      [[23, 39], 35],
      [[40, 59], 35],
      [[60, OLDEST_SWIMMER_AGE], 10],
    ] as const);
    const age = i === 0 ? OLDEST_SWIMMER_AGE : random.int(band[0], band[1]);
    const swimmer = createPerson(ctx, {
      kind: 'adult-swimmer',
      age,
      gender: random.chance(0.5) ? 'F' : 'M',
      lastname: random.pick(SURNAMES),
      address: fictionalAddress(random),
    });
    if (age >= 25 && random.chance(0.05)) swimmer.user.SwimsForOtherClub = 'Budmouth Masters';
    if (i > 0 && random.chance(0.05)) {
      swimmer.user.Active = 0;
      swimmer.user.DateLeft = formatDay(
        random.int(parseDay(swimmer.user.DateJoinedClub), ctx.today),
      );
    }
    swimmers.push(swimmer);
  }
  return swimmers;
}
