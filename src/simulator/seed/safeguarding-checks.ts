import { addYears, formatDay } from './dates.js';
import type { SeedUser } from './seed-user.js';
import type { SeedContext } from './seed-context.js';

/** DBS checks and safeguarding courses are renewed every three years. */
const RENEWAL_YEARS = 3;
/** Tools warn this many days before DBSRenewalDate. */
export const DBS_WARNING_DAYS = 60;

/**
 * Gives someone who works with children a current DBS check and safeguarding course. With
 * `renewalDueSoon` the DBS renewal falls within the next DBS_WARNING_DAYS days; otherwise later.
 */
export function addSafeguardingChecks(
  ctx: SeedContext,
  user: SeedUser,
  renewalDueSoon: boolean,
): void {
  const { random, today } = ctx;
  const dbs = renewalDueSoon
    ? addYears(today + random.int(1, DBS_WARNING_DAYS - 2), -RENEWAL_YEARS)
    : addYears(today, -RENEWAL_YEARS) + random.int(DBS_WARNING_DAYS + 2, 3 * 365 - 30);
  user.DBSDate = formatDay(dbs);
  user.DBSRenewalDate = formatDay(addYears(dbs, RENEWAL_YEARS));
  user.DBSCertificateNumber = String(random.int(1, 999_999_999)).padStart(12, '0');
  const course = today - random.int(20, 3 * 365 - 20);
  user.SafeguardingDate = formatDay(course);
  user.SafeguardingRenewalDate = formatDay(addYears(course, RENEWAL_YEARS));
}
