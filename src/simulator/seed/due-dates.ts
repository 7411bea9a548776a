import { addYears, formatDay, parseDay, weekDayOf } from './dates.js';
import { WEEK_DAYS, type SeedMeet, type SeedTrialRequest } from './records.js';
import type { SeedContext } from './seed-context.js';
import type { SeedUser } from './seed-user.js';

/**
 * Makes sure the club has something for digests to say on its "today": one or two DBS renewals
 * overdue (volunteers, not coaches: coaches' renewals are due within 60 days or later), a meet
 * whose entry deadline falls this week, and trial requests made today and yesterday. It draws on
 * its own random stream, so the rest of the club is as it was.
 */
export function addDueDates(
  ctx: SeedContext,
  club: { users: SeedUser[]; meets: SeedMeet[]; trialRequests: SeedTrialRequest[] },
): void {
  const { random, today } = ctx;
  const checked = club.users.filter(
    (user) => user.IsACoach !== 1 && user.DBSRenewalDate !== undefined,
  );
  // Team managers first, then the deputy: the welfare officer's own check stays current.
  const overdue = [
    ...checked.filter((user) => user.JobTitle === undefined),
    ...checked.filter((user) => user.JobTitle !== undefined && user.JobTitle !== 'Welfare Officer'),
  ].slice(0, 2);
  for (const user of overdue) {
    const renewal = today - random.int(5, 40);
    user.DBSRenewalDate = formatDay(renewal);
    user.DBSDate = formatDay(addYears(renewal, -3));
  }

  const next = club.meets.find(
    (meet) => parseDay(meet.StartDate) > today + 7 && parseDay(meet.EntryOpenDate) < today,
  );
  if (next) {
    // Sunday ends the week: the deadline is within it, and no more than three days off.
    const toSunday = (7 - WEEK_DAYS.indexOf(weekDayOf(today)) - 1) % 7;
    next.EntryDeadline = formatDay(today + Math.min(3, toSunday));
  }

  const [newest, second] = [...club.trialRequests].reverse();
  if (newest) newest.DateAdded = formatDay(today);
  if (second) second.DateAdded = formatDay(today - 1);
  club.trialRequests.sort((a, b) => a.DateAdded.localeCompare(b.DateAdded));
}
