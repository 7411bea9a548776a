import { dateOfBirth, randomFirstname } from './create-person.js';
import { formatDay } from './dates.js';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from './names.js';
import type { SeedTrialRequest } from './records.js';
import type { SeedContext } from './seed-context.js';

const EXPERIENCE = [
  'Has had school swimming lessons and can swim 25m front crawl.',
  'Completed Stage 7 of the Learn to Swim programme at the leisure centre.',
  'Swims 50m of each stroke; has never trained with a club.',
  'Moved to the area recently; swam with a club in the north for two years.',
  'Confident in the water, wants to try competitive swimming.',
  '',
] as const;

/**
 * Trial requests from families (about one per hundred members, 3 to 40): children aged 6-12, made
 * within the last two months, with a parent's email.
 */
export function generateTrialRequests(ctx: SeedContext, members: number): SeedTrialRequest[] {
  const { random, today } = ctx;
  const count = Math.min(40, Math.max(3, Math.round(members / 100)));
  return Array.from({ length: count }, () => {
    const gender = random.chance(0.5) ? 'F' : 'M';
    const lastname = random.pick(SURNAMES);
    const parent = random.pick(random.chance(0.7) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const request: SeedTrialRequest = {
      Guid: ctx.newGuid(),
      DateAdded: formatDay(today - random.int(0, 60)),
      FirstName: randomFirstname(ctx, gender),
      LastName: lastname,
      Dob: formatDay(dateOfBirth(ctx, random.int(6, 12))),
      Gender: gender,
      Email: ctx.newEmail(parent, lastname, 'example.net'),
    };
    const experience = random.pick(EXPERIENCE);
    if (experience !== '') request.SwimmingExperience = experience;
    return request;
  }).sort((a, b) => a.DateAdded.localeCompare(b.DateAdded));
}
