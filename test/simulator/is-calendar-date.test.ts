import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../src/simulator/is-calendar-date.js';

describe('isCalendarDate', () => {
  it.each(['2026-03-01', '2028-02-29', '2000-02-29', '1999-12-31'])('takes %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-3-1',
    '01/03/2026',
    '2026-03-01T00:00:00',
    '',
  ])('refuses %s', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});
