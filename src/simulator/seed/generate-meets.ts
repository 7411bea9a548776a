import { formatDay, nextWeekDay, previousWeekDay, yearOf } from './dates.js';
import { type MeetTemplate, PAST_MEETS, UPCOMING_MEETS } from './meet-catalogue.js';
import { COUNTY, fictionalPostcode } from './places.js';
import type { SeedMeet } from './records.js';
import type { SeedContext } from './seed-context.js';

/**
 * Meets on Saturdays, oldest first: three past ones and six in the coming months. Entries open 6-10
 * weeks before the start and close 10-21 days before it; ages are taken on 31 December of the
 * meet's year.
 */
export function generateMeets(ctx: SeedContext): SeedMeet[] {
  const { random, today } = ctx;
  const past = PAST_MEETS.map((template, i) =>
    createMeet(ctx, template, previousWeekDay(today - 21 - i * 42, 'Saturday')),
  );
  const upcoming = UPCOMING_MEETS.map((template, i) =>
    createMeet(ctx, template, nextWeekDay(today + 10 + i * 24 + random.int(0, 7), 'Saturday')),
  );
  return [...past.reverse(), ...upcoming];
}

function createMeet(ctx: SeedContext, template: MeetTemplate, start: number): SeedMeet {
  const { random } = ctx;
  return {
    Guid: ctx.newGuid(),
    MeetName: template.name,
    Facility: template.venue.name,
    Type: template.type,
    StartDate: formatDay(start),
    EndDate: formatDay(start + template.days - 1),
    AgeUpDate: `${yearOf(start)}-12-31`,
    EligibilityDate: formatDay(start - 365),
    EntryOpenDate: formatDay(start - random.int(42, 70)),
    EntryDeadline: formatDay(start - random.int(10, 21)),
    Street: template.venue.street,
    City: template.venue.town,
    County: COUNTY,
    PostCode: fictionalPostcode(random),
    Country: 'England',
    SwimTimesAdded: 0,
    SwimTimesVerified: 0,
    SwimTimes: [],
  };
}
