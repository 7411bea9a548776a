const namedTimes: ReadonlyMap<string, string> = new Map([
  ['noon', '12:00'],
  ['midday', '12:00'],
  ['midnight', '00:00'],
]);

/**
 * Reads a time of day as people write it: "18:30", "6.30pm", "6pm", "6:30 pm" (the "pm" may be
 * the next word, `next`), "noon", "midnight" → "18:30"; `used` is how many words it took.
 * A bare number ("6") is no time: it could be a page, a lane or a date.
 */
export function readClockTime(
  word: string,
  next?: string,
): { time: string; used: number } | undefined {
  const named = namedTimes.get(word);
  if (named) return { time: named, used: 1 };
  const joined = next === 'am' || next === 'pm' ? `${word}${next}` : word;
  const match = /^(\d{1,2})(?:[:.](\d{2}))?(am|pm)?$/.exec(joined);
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (match[3] && (hour < 1 || hour > 12)) return undefined;
  if (match[3] === 'pm' && hour < 12) hour += 12;
  if (match[3] === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return { time, used: joined === word ? 1 : 2 };
}
