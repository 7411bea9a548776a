/** Characters of a Guid shown as a record's reference: enough to tell a club's records apart. */
export const shortRefLength = 8;

/** "1a2b3c4d" for a Guid: what people quote, and what `/incident show` looks up. */
export function shortRef(guid: string): string {
  return guid.slice(0, shortRefLength);
}
