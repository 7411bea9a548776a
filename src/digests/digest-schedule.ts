import { getNextMillis } from 'bullmq';
import { readWeekday } from '../club/decode-records.js';
import { weekdays, type Weekday } from '../club/domain.js';

/** When a digest runs, in the club's time zone: a time of day, on one weekday or every day. */
export interface DigestSchedule {
  /** HH:MM on the 24-hour clock. */
  at: string;
  /** Undefined: every day. */
  on?: Weekday;
}

export type ParsedSchedule =
  { ok: true; schedule: DigestSchedule } | { ok: false; problem: string };

/**
 * Reads "at 7:30", "on mon", "at 19:00 on Friday" or "on Friday at 19:00" over the kind's
 * defaults; "daily" drops a default weekday. Anything else is a problem, named.
 */
export function parseSchedule(text: string, defaults: DigestSchedule): ParsedSchedule {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const schedule: DigestSchedule = { ...defaults };
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const next = words[index + 1];
    if (word === 'daily' || word === 'every' || word === 'day') {
      delete schedule.on;
    } else if (word === 'at' && next !== undefined) {
      const at = readTime(next);
      if (!at)
        return { ok: false, problem: `"${next}" is not a time: give it as HH:MM, e.g. 07:30.` };
      schedule.at = at;
      index += 1;
    } else if (word === 'on' && next !== undefined) {
      const on = readWeekday(next);
      if (!on) return { ok: false, problem: `"${next}" is not a day of the week.` };
      schedule.on = on;
      index += 1;
    } else {
      return {
        ok: false,
        problem: `I did not understand "${word}": say when as "at HH:MM" and/or "on <weekday>".`,
      };
    }
  }
  return { ok: true, schedule };
}

/** "7:30", "07:30" or "19:00" as HH:MM; undefined when it is no time of day. */
function readTime(text: string): string | undefined {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(text);
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The cron pattern BullMQ's job scheduler runs it by (with the club's time zone beside it). */
export function cronPatternOf(schedule: DigestSchedule): string {
  const [hour = '0', minute = '0'] = schedule.at.split(':');
  // Cron counts Sunday as 0; weekdays[] starts on Monday.
  const day = schedule.on === undefined ? '*' : String((weekdays.indexOf(schedule.on) + 1) % 7);
  return `${Number(minute)} ${Number(hour)} * * ${day}`;
}

/** The first run strictly after `after` (epoch ms), worked out as BullMQ's scheduler does. */
export function nextRunAfter(schedule: DigestSchedule, timezone: string, after: number): number {
  const next = getNextMillis(after, { pattern: cronPatternOf(schedule), tz: timezone });
  if (next === undefined) throw new Error(`No next run for ${cronPatternOf(schedule)}.`);
  return next;
}

/** "16:00 every day", "08:00 on Mondays". */
export function describeSchedule(schedule: DigestSchedule): string {
  return schedule.on === undefined
    ? `${schedule.at} every day`
    : `${schedule.at} on ${schedule.on}s`;
}
