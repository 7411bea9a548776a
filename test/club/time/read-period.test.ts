import { describe, expect, it } from 'vitest';
import { formatPeriod, readPeriod } from '../../../src/club/time/read-period.js';

const today = '2026-03-02';

describe('reading when an event runs', () => {
  it.each([
    ['Sat 14 Mar 09:00–17:00', ['2026-03-14', '09:00', '2026-03-14', '17:00']],
    ['14/03/2026 9am - 5pm', ['2026-03-14', '09:00', '2026-03-14', '17:00']],
    ['14 Mar 18:00 to 15 Mar 12:00', ['2026-03-14', '18:00', '2026-03-15', '12:00']],
    ['14/3 6 pm until 8.30pm', ['2026-03-14', '18:00', '2026-03-14', '20:30']],
    ['2026-03-14 09:00-12:00', ['2026-03-14', '09:00', '2026-03-14', '12:00']],
    ['1 Feb 10:00-11:00', ['2027-02-01', '10:00', '2027-02-01', '11:00']],
  ])('when "%s" is typed, then it is that start and end', (typed, expected) => {
    const [startDate, startTime, endDate, endTime] = expected;
    expect(readPeriod(typed, today)).toEqual({ startDate, startTime, endDate, endTime });
  });

  it('when the bot writes a period back, then it reads as the same period, even without a today', () => {
    const period = readPeriod('14 Mar 18:00 to 15 Mar 12:00', today);
    if (typeof period === 'string') throw new Error(period);
    expect(readPeriod(formatPeriod(period), undefined)).toEqual(period);
  });

  it.each([
    ['14 Mar 09:00', 'needs an end'],
    ['14 Mar', 'not a start and end I know'],
    ['next week sometime', 'not a start and end I know'],
    ['14 Mar 17:00-09:00', 'ends before it starts'],
    ['31 Feb 09:00-10:00', 'not a start and end I know'],
  ])('when "%s" is typed, then the problem is named', (typed, problem) => {
    expect(readPeriod(typed, today)).toContain(problem);
  });
});
