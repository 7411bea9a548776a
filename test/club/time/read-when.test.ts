import { describe, expect, it } from 'vitest';
import { readDate } from '../../../src/club/time/read-date.js';
import { readWhen } from '../../../src/club/time/read-when.js';
import { london } from '../../commands/command-context.js';

/** What a phrase reads as: its dates, part of the day, time, "now" window and leftover words. */
function read(text: string, now: string) {
  const query = readWhen(text, new Date(now), london);
  return {
    dates: query.days?.list.map((day) => day.date),
    ...(query.part ? { part: query.part } : {}),
    ...(query.time ? { time: query.time } : {}),
    ...(query.window ? { window: `${query.window.from}–${query.window.to}` } : {}),
    ...(query.words.length > 0 ? { words: query.words } : {}),
  };
}

// Friday 27 November 2026, 18:20 in London (GMT: UTC+0).
const friday = '2026-11-27T18:20:00Z';

describe('the one reader of days, dates and times (club time, Europe/London)', () => {
  it('when a word names a property every object has ("constructor"), then it is a leftover word', () => {
    expect(read('constructor valueOf', friday)).toEqual({
      dates: undefined,
      words: ['constructor', 'valueof'],
    });
  });

  it.each([
    ['today', { dates: ['2026-11-27'] }],
    ['tonight', { dates: ['2026-11-27'], part: 'evening' }],
    ['now', { dates: ['2026-11-27'], window: '18:20–19:20' }],
    ['tomorrow', { dates: ['2026-11-28'] }],
    ['yesterday', { dates: ['2026-11-26'] }],
    ['tuesday', { dates: ['2026-12-01'] }],
    ['Tue', { dates: ['2026-12-01'] }],
    ['next tuesday', { dates: ['2026-12-01'] }],
    ['last tuesday', { dates: ['2026-11-24'] }],
    ['friday', { dates: ['2026-11-27'] }],
    ['next friday', { dates: ['2026-12-04'] }],
    ['this friday', { dates: ['2026-11-27'] }],
    ['28/12', { dates: ['2026-12-28'] }],
    ['28/12/2026', { dates: ['2026-12-28'] }],
    ['28 Dec', { dates: ['2026-12-28'] }],
    ['Mon 28 December', { dates: ['2026-12-28'] }],
    ['1/1', { dates: ['2027-01-01'] }],
    ['6pm', { dates: ['2026-11-27'], time: '18:00' }],
    ['6.30pm', { dates: ['2026-11-27'], time: '18:30' }],
    ['6:30 pm', { dates: ['2026-11-27'], time: '18:30' }],
    ['18:30', { dates: ['2026-11-27'], time: '18:30' }],
    ['tonight at 6pm', { dates: ['2026-11-27'], part: 'evening', time: '18:00' }],
    ['friday evening', { dates: ['2026-11-27'], part: 'evening' }],
    ['this weekend', { dates: ['2026-11-28', '2026-11-29'] }],
    [
      'on weekdays',
      { dates: ['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'] },
    ],
    ['is training on 28 Dec?', { dates: ['2026-12-28'] }],
    ['minnows friday', { dates: ['2026-11-27'], words: ['minnows'] }],
    ['minnows 28 dec', { dates: ['2026-12-28'], words: ['minnows'] }],
    ['2 juniors', { dates: undefined, words: ['2', 'juniors'] }],
    ['1.12', { dates: ['2026-12-01'] }],
    ['minnows 6.10', { dates: ['2027-10-06'], words: ['minnows'] }],
    ['6.30', { dates: ['2026-11-27'], time: '06:30' }],
    ['1.12pm', { dates: ['2026-11-27'], time: '13:12' }],
    ['29/02', { dates: ['2028-02-29'] }],
    [
      '2026-12-04 Friday 17:00 Friday Minnows',
      {
        dates: ['2026-12-04'],
        time: '17:00',
        words: ['minnows'],
      },
    ],
    ['next', { dates: undefined }],
    ['we', { dates: undefined, words: ['we'] }],
  ] as const)('when "%s" is read on Friday 27 Nov at 18:20, then it is %o', (text, expected) => {
    expect(read(text, friday)).toEqual(expected);
  });

  it('when "next" stands alone, then it asks for the next session, and no word is a squad', () => {
    expect(readWhen('next', new Date(friday), london)).toEqual({ words: [], next: true });
    expect(readWhen('now', new Date(friday), london).words).toEqual([]);
    expect(readWhen('today', new Date(friday), london).words).toEqual([]);
  });

  it.each([
    // Saturday 23:30 GMT, the night the clocks go forward: tomorrow is Sunday 29 March.
    ['tomorrow', '2026-03-28T23:30:00Z', { dates: ['2026-03-29'] }],
    ['now', '2026-03-28T23:30:00Z', { dates: ['2026-03-28'], window: '23:30–23:59' }],
    // 00:30 GMT; an hour later it is 02:30 BST, so "now" reaches 02:30.
    ['now', '2026-03-29T00:30:00Z', { dates: ['2026-03-29'], window: '00:30–02:30' }],
    // 23:30 UTC on Sunday after the change is 00:30 BST on Monday.
    ['today', '2026-03-29T23:30:00Z', { dates: ['2026-03-30'] }],
    // 00:30 BST on Sunday 25 October, the night the clocks go back.
    ['today', '2026-10-24T23:30:00Z', { dates: ['2026-10-25'] }],
    ['yesterday', '2026-10-24T23:30:00Z', { dates: ['2026-10-24'] }],
    // 01:30 BST: an hour later the clock says 01:30 GMT again; "now" still reaches 02:30.
    ['now', '2026-10-25T00:30:00Z', { dates: ['2026-10-25'], window: '01:30–02:30' }],
    ['6pm', '2026-10-25T17:00:00Z', { dates: ['2026-10-25'], time: '18:00' }],
  ] as const)('when "%s" is read at %s (a DST night), then it is %o', (text, now, expected) => {
    expect(read(text, now)).toEqual(expected);
  });
});

describe('a form reads the same words, leaning to the past', () => {
  // Friday 27 November 2026.
  const today = '2026-11-27';

  it.each([
    ['tuesday', '2026-11-24'],
    ['last tuesday', '2026-11-24'],
    ['Friday', '2026-11-27'],
    ['last friday', '2026-11-20'],
    ['28/12', '2025-12-28'],
    ['28 Dec', '2025-12-28'],
    ['yesterday', '2026-11-26'],
    ['tonight', '2026-11-27'],
  ])('when "%s" is typed in a form, then it is %s', (typed, date) => {
    expect(readDate(typed, today)).toBe(date);
  });

  it('when the timetable asks, then the same words lean ahead', () => {
    expect(readDate('tuesday', today, 'ahead')).toBe('2026-12-01');
    expect(readDate('28/12', today, 'ahead')).toBe('2026-12-28');
  });

  it.each(['we', 'next', 'last', 'tu', 'funday'])(
    'when "%s" is typed, then it is no date',
    (typed) => {
      expect(readDate(typed, today)).toBeUndefined();
    },
  );
});
