import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../src/club/time/club-time.js';
import { readDate } from '../../../src/club/time/read-date.js';

// Thursday 26 November 2026.
const today = '2026-11-26';

describe('reading a date as a volunteer types it', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'when %s is typed (a name of every object), then it is no date, and nothing throws',
    (typed) => {
      expect(readDate(typed, today)).toBeUndefined();
    },
  );

  it.each([
    ['2026-11-26', '2026-11-26'],
    ['26/11/2026', '2026-11-26'],
    ['26/11/26', '2026-11-26'],
    ['6/1/26', '2026-01-06'],
    ['26.11.2026', '2026-11-26'],
    ['26 Nov', '2026-11-26'],
    ['26 november', '2026-11-26'],
    ['Thu 26 Nov', '2026-11-26'],
    ['26th Nov 2025', '2025-11-26'],
    ['today', '2026-11-26'],
    ['Yesterday', '2026-11-25'],
    ['14/03/16', '2016-03-14'],
    ['14/03/98', '1998-03-14'],
    ['Thursday 26 Nov', '2026-11-26'],
    ['thurs. 26 Nov', '2026-11-26'],
    ['3 sept', '2026-09-03'],
    ['3 September 2025', '2025-09-03'],
    ['29/02', '2024-02-29'],
    ['29 Feb', '2024-02-29'],
  ])('when %s is typed, then it is %s', (typed, date) => {
    expect(readDate(typed, today)).toBe(date);
  });

  it('when 29 February is asked ahead, then it is the next real one', () => {
    expect(readDate('29/02', today, 'ahead')).toBe('2028-02-29');
    expect(readDate('29 feb', '2029-03-01', 'past')).toBe('2028-02-29');
  });

  it('when a day without a year is still to come this year, then it is last year’s', () => {
    expect(readDate('24 Dec', today)).toBe('2025-12-24');
    expect(readDate('24/12', today)).toBe('2025-12-24');
  });

  it.each([
    '30/02/2026',
    '31 Nov',
    'next week',
    '2026-13-01',
    '26 Nox',
    '',
    '2 juniors',
    '3 decorations',
    '1 marathon',
    'minnows 28 dec',
    'juniors 2 jun',
  ])('when %s is typed, then it is not a date', (typed) => {
    expect(readDate(typed, today)).toBeUndefined();
  });

  it('when a date of this year is shown, then it reads "Thu 26 Nov"; another year keeps its year', () => {
    expect(formatDay('2026-11-26', today)).toBe('Thu 26 Nov');
    expect(formatDay('2025-11-26', today)).toBe('Wed 26 Nov 2025');
  });
});
