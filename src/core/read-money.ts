/** What an amount the bot cannot read is told. */
export const notAnAmount = 'is not an amount I know: try 12.50, £8 or free.';

/**
 * Reads an amount in pounds as people type it ("£12.50", "12.5", "8", "free") as the club
 * service takes a decimal: "12.50", "0.00". Undefined when it is not one; at most £10,000.
 */
export function readMoney(typed: string): string | undefined {
  const text = typed.trim().toLowerCase().replace(/\s+/g, '');
  if (text === 'free' || text === 'none') return '0.00';
  const match = /^£?(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence > 1_000_000 ? undefined : (pence / 100).toFixed(2);
}
