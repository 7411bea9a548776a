const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a real calendar date written `yyyy-mm-dd`: 2028-02-29 is one, 2026-02-30 is not.
 * JSON Schema's `format: date` is only a hint, and some validators check just the shape.
 */
export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
