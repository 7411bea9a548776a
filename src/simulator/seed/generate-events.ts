import { type ClubEventTemplate, PAST_EVENTS, UPCOMING_EVENTS } from './club-event-catalogue.js';
import { formatDay, nextWeekDay, previousWeekDay, yearOf } from './dates.js';
import { fictionalPostcode } from './places.js';
import type { SeedClubEvent } from './records.js';
import type { SeedContext } from './seed-context.js';

/**
 * Club events on Saturdays, oldest first: three past ones and eight in the coming six months, each
 * with its entry closing 10-24 days before it starts.
 */
export function generateEvents(ctx: SeedContext): SeedClubEvent[] {
  const { random, today } = ctx;
  const past = PAST_EVENTS.map((template, i) =>
    createEvent(ctx, template, previousWeekDay(today - 14 - i * 35, 'Saturday')),
  );
  const upcoming = UPCOMING_EVENTS.map((template, i) =>
    createEvent(ctx, template, nextWeekDay(today + 6 + i * 21 + random.int(0, 7), 'Saturday')),
  );
  return [...past.reverse(), ...upcoming];
}

function createEvent(ctx: SeedContext, template: ClubEventTemplate, start: number): SeedClubEvent {
  const { random } = ctx;
  const twoDays = template.pool === '50m';
  const record: SeedClubEvent = {
    Guid: ctx.newGuid(),
    EventTitle: template.title,
    EventDetails: template.details,
    EventStartDate: formatDay(start),
    EventStartTime: '09:00',
    EventEndDate: formatDay(twoDays ? start + 1 : start),
    EventEndTime: '17:30',
    BusProvided: template.bus ? 1 : 0,
    CalendarColour: template.colour,
    EventVenue: template.venue.name,
    Address1: template.venue.street,
    Address2: template.venue.town,
    Postcode: fictionalPostcode(random),
    Fee: template.pool === 'OW' ? 12 : random.pick([5, 5.5, 6, 6.5, 7]),
    Pool: template.pool,
    AgeOnDate: `${yearOf(start)}-12-31`,
    EntryCloseDate: formatDay(start - random.int(10, 24)),
    SwimTimes: [],
  };
  if (template.bus) {
    record.BusSeats = random.pick([33, 49, 53]);
    record.BusDepartureDate = record.EventStartDate;
    record.BusDepartureTime = '06:45';
  }
  if (template.pool !== 'OW') {
    record.RelayFee = random.pick([8, 10, 12]);
    record.MeetCode = `CSC${random.int(100, 999)}`;
    record.SessionNumber = String(random.int(1, 3));
  }
  if (template.pool === '50m') {
    record.LicenceNumber = `3SW${String(yearOf(start) % 100).padStart(2, '0')}${random.int(1000, 9999)}`;
  }
  return record;
}
