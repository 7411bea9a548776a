/** Characters of a Guid shown as a record's reference: enough to tell a club's records apart. */
export const shortRefLength = 8;

/** "1a2b3c4d" for a Guid: what people quote, and what `/incident show` looks up. */
export function shortRef(guid: string): string {
  return guid.slice(0, shortRefLength);
}

/**
 * The records a typed reference names: their Guid is it, or starts with it ("1A2B3C4D",
 * "#1a2b3c4d"). Shorter than `shortest` characters, or not a Guid's characters, it names none,
 * so a name is never read as a reference. Default `shortest`: the reference's 8.
 */
export function byRef<T extends { guid: string }>(
  records: readonly T[],
  typed: string,
  shortest = shortRefLength,
): T[] {
  const wanted = typed.trim().replace(/^#/, '').toLowerCase();
  if (wanted.length < shortest || !/^[0-9a-f-]+$/.test(wanted)) return [];
  return records.filter((record) => record.guid.toLowerCase().startsWith(wanted));
}
