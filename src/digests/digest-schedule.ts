import { getNextMillis } from 'bullmq';
import { readWeekday } from '../club/decode-records.js';
import { weekdays, type Weekday } from '../club/domain.js';
import { readClockTime } from '../club/time/read-date.js';

/** Monday to Friday, or Saturday and Sunday. */
export type DayGroup = 'weekdays' | 'weekends';

/** When a digest runs, in the club's time zone: a time of day, on one weekday, a group, or every day. */
export interface DigestSchedule {
  /** HH:MM on the 24-hour clock. */
  at: string;
  /** Undefined: every day. */
  on?: Weekday | DayGroup;
}

/** "weekdays", "weekday", "weekends", "weekend" as a group of days. */
function readDayGroup(word: string): DayGroup | undefined {
  if (word === 'weekdays' || word === 'weekday') return 'weekdays';
  return word === 'weekends' || word === 'weekend' ? 'weekends' : undefined;
}

export type ParsedSchedule =
  { ok: true; schedule: DigestSchedule } | { ok: false; problem: string };

/**
 * Reads "at 7:30", "at 6pm", "on mon", "on weekdays", "at 19:00 on Friday" or "on Friday at
 * 19:00" over the kind's defaults; "daily" drops a default weekday. Times are read as every
 * command reads them (readClockTime). Anything else is a problem, named.
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
      const at = readClockTime(next, words[index + 2]);
      if (!at) return { ok: false, problem: `"${next}" is not a time: give it as 07:30 or 6pm.` };
      schedule.at = at.time;
      index += at.used;
    } else if (word === 'on' && next !== undefined) {
      const on = readDayGroup(next) ?? readWeekday(next);
      if (!on) return { ok: false, problem: `"${next}" is not a day of the week.` };
      schedule.on = on;
      index += 1;
    } else if (readDayGroup(word)) {
      schedule.on = readDayGroup(word);
    } else {
      return {
        ok: false,
        problem: `I did not understand "${word}": say when as "at 18:00" or "at 6pm", and/or "on friday" or "on weekdays".`,
      };
    }
  }
  return { ok: true, schedule };
}

/** The cron pattern BullMQ's job scheduler runs it by (with the club's time zone beside it). */
export function cronPatternOf(schedule: DigestSchedule): string {
  const [hour = '0', minute = '0'] = schedule.at.split(':');
  // Cron counts Sunday as 0; weekdays[] starts on Monday.
  const day =
    schedule.on === undefined
      ? '*'
      : schedule.on === 'weekdays'
        ? '1-5'
        : schedule.on === 'weekends'
          ? '0,6'
          : String((weekdays.indexOf(schedule.on) + 1) % 7);
  return `${Number(minute)} ${Number(hour)} * * ${day}`;
}

/** The first run strictly after `after` (epoch ms), worked out as BullMQ's scheduler does. */
export function nextRunAfter(schedule: DigestSchedule, timezone: string, after: number): number {
  const next = getNextMillis(after, { pattern: cronPatternOf(schedule), tz: timezone });
  if (next === undefined) throw new Error(`No next run for ${cronPatternOf(schedule)}.`);
  return next;
}

/** "16:00 every day", "08:00 on Mondays", "18:00 on weekdays". */
export function describeSchedule(schedule: DigestSchedule): string {
  if (schedule.on === undefined) return `${schedule.at} every day`;
  return schedule.on === 'weekdays' || schedule.on === 'weekends'
    ? `${schedule.at} on ${schedule.on}`
    : `${schedule.at} on ${schedule.on}s`;
}
