import { dateOfBirth, randomFirstname } from './create-person.js';
import { formatDay } from './dates.js';
import { SURNAMES } from './names.js';
import { fictionalLandline, fictionalMobile } from './phone-numbers.js';
import { fictionalAddress } from './places.js';
import type { SeedWaitingListPerson } from './records.js';
import type { SeedContext } from './seed-context.js';

const EXPERIENCE = [
  'Learn to Swim Stage 5',
  'Learn to Swim Stage 7; can swim 100m',
  'School lessons only',
  'Swam with a club before moving house',
] as const;

/**
 * Children waiting for a place (about one per fifty members, 3 to 80): aged 5-11, added within the
 * last year, contact through a parent; some have been emailed since.
 */
export function generateWaitingList(ctx: SeedContext, members: number): SeedWaitingListPerson[] {
  const { random, today } = ctx;
  const count = Math.min(80, Math.max(3, Math.round(members / 50)));
  return Array.from({ length: count }, () => {
    const gender = random.chance(0.5) ? 'F' : 'M';
    const Lastname = random.pick(SURNAMES);
    const added = today - random.int(0, 365);
    const parent = randomFirstname(ctx, random.chance(0.7) ? 'F' : 'M');
    const person: SeedWaitingListPerson = {
      Guid: ctx.newGuid(),
      DateAdded: formatDay(added),
      Firstname: randomFirstname(ctx, gender),
      Lastname,
      DOB: formatDay(dateOfBirth(ctx, random.int(5, 11))),
      Gender: gender,
      Email: ctx.newEmail(parent, Lastname, random.pick(['example.org', 'example.com'])),
      ...fictionalAddress(random),
      MobilePhone: fictionalMobile(random),
      PreviousExperience: random.pick(EXPERIENCE),
      Notes: `Parent: ${parent} ${Lastname}`,
    };
    if (random.chance(0.4)) person.HomePhone = fictionalLandline(random);
    if (random.chance(0.5)) person.DateLastEmailed = formatDay(random.int(added, today));
    return person;
  }).sort((a, b) => a.DateAdded.localeCompare(b.DateAdded));
}
