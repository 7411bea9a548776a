import { readWeekday } from '../club/decode-records.js';
import { weekdays, type Weekday } from '../club/domain.js';
import { clubClock } from './club-time.js';
import { addDays } from './read-date.js';

/** Parts of the day as a coach says them; "tonight" is today's evening. */
export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** What a phrase such as "minnows friday", "thursday evening" or "6.30pm" asks for. */
export interface WhenQuery {
  /** The day named (a bare time or part of the day means today); its date, for closures. */
  day?: { weekday: Weekday; date: string; label: string };
  part?: PartOfDay;
  /** HH:mm on the 24-hour clock. */
  time?: string;
  /** The rest, read as part of a session name ("minnows"). */
  words: string[];
}

const partWords: Readonly<Record<string, PartOfDay>> = {
  morning: 'morning',
  afternoon: 'afternoon',
  evening: 'evening',
  night: 'evening',
};

/** "18:30", "6.30pm", "6pm", "6:30 pm" (the "pm" may be its own word) → "18:30". */
function readTime(
  word: string,
  next: string | undefined,
): { time: string; used: number } | undefined {
  const joined = next === 'am' || next === 'pm' ? `${word}${next}` : word;
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm)?$/.exec(joined);
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (match[3] === 'pm' && hour < 12) hour += 12;
  if (match[3] === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return { time, used: joined === word ? 1 : 2 };
}

/**
 * Pure: reads the words of /session and /sessions: today, tonight, tomorrow, a weekday with or
 * without "next", morning/afternoon/evening, a time, and whatever is left as a session name.
 * Dates are the club's: "friday" is the coming Friday (today if it is Friday), "next friday" the
 * one after today.
 */
export function readWhen(text: string, now: Date, timezone: string): WhenQuery {
  const clock = clubClock(now, timezone);
  const on = (offset: number, label: string): NonNullable<WhenQuery['day']> => {
    const date = addDays(clock.date, offset);
    const weekday = weekdays[(weekdays.indexOf(clock.weekday) + offset) % 7] ?? clock.weekday;
    return { weekday, date, label };
  };
  const query: WhenQuery = { words: [] };
  const words = text.toLowerCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  let next = false;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const time = readTime(word, words[index + 1]);
    const weekday = readWeekday(word);
    if (word === 'next') next = true;
    else if (word === 'today') query.day = on(0, 'Today');
    else if (word === 'tonight') {
      query.day = on(0, 'Tonight');
      query.part = 'evening';
    } else if (word === 'tomorrow') query.day = on(1, 'Tomorrow');
    else if (partWords[word]) query.part = partWords[word];
    else if (time) {
      query.time = time.time;
      index += time.used - 1;
    } else if (weekday && !/^[1-7]$/.test(word)) {
      const ahead = (weekdays.indexOf(weekday) - weekdays.indexOf(clock.weekday) + 7) % 7;
      query.day = on(next && ahead === 0 ? 7 : ahead, weekday);
    } else query.words.push(word);
  }
  // A time or a part of the day on its own is about today, as a coach on poolside means it.
  if (!query.day && (query.time || query.part)) query.day = on(0, 'Today');
  return query;
}
