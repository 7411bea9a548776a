import { describe, expect, it } from 'vitest';
import {
  ageOn,
  clubClock,
  clubMoment,
  clubToday,
  clubWeekday,
  formatDay,
} from '../../../src/club/time/club-time.js';

const london = 'Europe/London';

describe('the club clock', () => {
  it('when it is 00:30 UTC on a summer Tuesday, then it is already Tuesday 01:30 at the club', () => {
    expect(clubClock(new Date('2026-06-16T00:30:00Z'), london)).toEqual({
      date: '2026-06-16',
      weekday: 'Tuesday',
      time: '01:30',
    });
  });

  it('when UTC says Sunday 23:30 just after the clocks went forward, then the club says Monday 00:30', () => {
    const now = new Date('2026-03-29T23:30:00Z');
    expect(clubToday(now, london)).toBe('2026-03-30');
    expect(clubWeekday(now, london)).toBe('Monday');
    expect(clubClock(now, london).time).toBe('00:30');
  });

  it('when it is 23:30 UTC the night before the clocks go forward, then the club says the same day (GMT)', () => {
    expect(clubClock(new Date('2026-03-28T23:30:00Z'), london)).toEqual({
      date: '2026-03-28',
      weekday: 'Saturday',
      time: '23:30',
    });
  });

  it('when the clocks go back in October, then 00:30 UTC is 01:30 before and 00:30 after', () => {
    expect(clubClock(new Date('2026-10-25T00:30:00Z'), london).time).toBe('01:30');
    expect(clubClock(new Date('2026-10-25T01:30:00Z'), london).time).toBe('01:30');
    expect(clubClock(new Date('2026-10-25T02:30:00Z'), london).time).toBe('02:30');
  });

  it('when a moment is shown, then it reads "HH:mm on ddd" in the club time zone', () => {
    expect(clubMoment(Date.parse('2026-03-10T13:05:00Z'), london)).toBe('13:05 on Tue');
    expect(clubMoment(Date.parse('2026-07-10T13:05:00Z'), london)).toBe('14:05 on Fri');
  });
});

describe('ages and days', () => {
  it('when the birthday is tomorrow, then the age is still the year before', () => {
    expect(ageOn('2014-03-11', '2026-03-10')).toBe(11);
    expect(ageOn('2014-03-10', '2026-03-10')).toBe(12);
    expect(ageOn('2008-03-11', '2026-03-10')).toBe(17);
  });

  it('when a date of birth is missing or unreadable, then there is no age', () => {
    expect(ageOn(undefined, '2026-03-10')).toBeUndefined();
    expect(ageOn('soon', '2026-03-10')).toBeUndefined();
  });

  it('when a day is formatted, then it reads "Tue 3 Mar 2026"', () => {
    expect(formatDay('2026-03-03')).toBe('Tue 3 Mar 2026');
    expect(formatDay('2026-03-29')).toBe('Sun 29 Mar 2026');
    expect(formatDay('not a date')).toBe('not a date');
  });
});
