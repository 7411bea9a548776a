import { weekdays, type Weekday } from '../domain.js';
import { clubClock, formatDay } from './club-time.js';
import { readClockTime, addDays, readDate, weekdayOf, weekdayWord } from './read-date.js';

/** Parts of the day as a coach says them; "tonight" is today's evening. */
export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** One calendar day asked about (the club's). */
export interface DayAsked {
  weekday: Weekday;
  /** yyyy-mm-dd */
  date: string;
}

/** What a phrase such as "minnows friday", "28 Dec", "tonight at 6pm" or "now" asks for. */
export interface WhenQuery {
  /** The days named (a bare time or part of the day means today), and how to say them. */
  days?: { label: string; list: DayAsked[] };
  part?: PartOfDay;
  /** HH:mm on the 24-hour clock. */
  time?: string;
  /** "now": what runs at `from` or starts by `to` (HH:mm, the club's, today). */
  window?: { from: string; to: string };
  /** "next" with no day after it: the next session from now. */
  next?: boolean;
  /** The rest, read as part of a session name ("minnows"). */
  words: string[];
}

// A Map, not an object: a typed "constructor" must not find Object's own properties.
const partWords: ReadonlyMap<string, PartOfDay> = new Map([
  ['morning', 'morning'],
  ['afternoon', 'afternoon'],
  ['evening', 'evening'],
  ['night', 'evening'],
]);

/** Words that carry no meaning of their own here: "is training on 28 Dec?" asks about 28 Dec. */
const fillers = new Set(['at', 'on', 'in', 'is', 'the', 'for', 'any', 'there', 'training']);

/** How far ahead "now" looks for a session about to start. */
const nowAheadMs = 60 * 60_000;

/**
 * Pure: the one reader of days, dates and times for commands: today, tonight, now, tomorrow,
 * yesterday, a weekday (next/last), 28/12, 28/12/2026, 28 Dec, 6pm, 6.30pm, 18:30, morning,
 * afternoon, evening, "this weekend", "weekdays", and whatever is left as a session name. Days
 * are the club's (`timezone`, its DST included); a date without a year, or a bare weekday, is
 * the coming one.
 */
export function readWhen(text: string, now: Date, timezone: string): WhenQuery {
  const clock = clubClock(now, timezone);
  const today = clock.date;
  const query: WhenQuery = { words: [] };
  const setDays = (label: string, dates: readonly string[]) => {
    query.days = { label, list: dates.map((date) => ({ weekday: weekdayOf(date), date })) };
  };
  const words = text.toLowerCase().replace(/[,?!]/g, ' ').split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const following = words[index + 1];
    const time = readClockTime(word, following);
    const date = dateAt(words, index, today);
    // "1.12" is 1 December, as the forms read it; "6.30" (no month 30) and "6.10pm" are times.
    const dottedDate = time?.used === 1 && date !== undefined && /^\d{1,2}\.\d{1,2}$/.test(word);
    if (fillers.has(word)) continue;
    if (word === 'now') {
      // An hour on the clock or in real time, whichever is later: the hour the clocks go back
      // repeats 01:30, the hour they go forward skips to 02:30.
      const ahead = clubClock(now.getTime() + nowAheadMs, timezone);
      const real = ahead.date === today ? ahead.time : '23:59';
      const wall = laterOnTheClock(clock.time, 60);
      query.window = { from: clock.time, to: real > wall ? real : wall };
      setDays(`Now (${formatDay(today, today)})`, [today]);
    } else if (word === 'tonight') {
      setDays(`Tonight (${formatDay(today, today)})`, [today]);
      query.part = 'evening';
    } else if (partWords.has(word)) query.part = partWords.get(word);
    else if (time && !dottedDate) {
      query.time = time.time;
      index += time.used - 1;
    } else if (date) {
      // "2026-12-04 friday minnows": the weekday of a date already given says the same day.
      const named = date.used === 1 ? weekdayWord(word) : undefined;
      const sameDay = named !== undefined && query.days?.list[0]?.weekday === named;
      if (!sameDay) setDays(dayLabel(date.date, word, today), [date.date]);
      index += date.used - 1;
    } else if (
      ['weekend', 'weekends'].includes(word) ||
      (word === 'this' && following === 'weekend')
    ) {
      const saturday = readDate('saturday', today, 'past') ?? today;
      const sunday = addDays(saturday, 1);
      setDays(
        'This weekend',
        sunday < today
          ? [addDays(saturday, 7), addDays(sunday, 7)]
          : [saturday, sunday].filter((day) => day >= today),
      );
      if (word === 'this') index += 1;
    } else if (['weekdays', 'weekday'].includes(word)) {
      const coming = Array.from({ length: 7 }, (_, ahead) => addDays(today, ahead));
      setDays(
        'Weekdays',
        coming.filter((day) => weekdays.indexOf(weekdayOf(day)) < 5),
      );
    } else if (word === 'next') query.next = true;
    else query.words.push(word);
  }
  // A time or a part of the day on its own is about today, as a coach on poolside means it.
  if (!query.days && (query.time || query.part))
    setDays(`Today (${formatDay(today, today)})`, [today]);
  if (query.days) delete query.next;
  return query;
}

/** The longest run of words from `index` (up to four) that is a date: "28 dec 2026", "next fri". */
function dateAt(
  words: readonly string[],
  index: number,
  today: string,
): { date: string; used: number } | undefined {
  for (let used = Math.min(4, words.length - index); used >= 1; used -= 1) {
    const date = readDate(words.slice(index, index + used).join(' '), today, 'ahead');
    if (date) return { date, used };
  }
  return undefined;
}

/** "Today (Fri 27 Nov)", "Tomorrow (Sat 28 Nov)", or the day itself: "Mon 28 Dec". */
function dayLabel(date: string, word: string, today: string): string {
  const day = formatDay(date, today);
  const said = { today: 'Today', tomorrow: 'Tomorrow', yesterday: 'Yesterday' }[word];
  return said ? `${said} (${day})` : day;
}

/** HH:mm `minutes` later on the same day's clock, at most 23:59. */
function laterOnTheClock(time: string, minutes: number): string {
  const total = Math.min(
    23 * 60 + 59,
    Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes,
  );
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
