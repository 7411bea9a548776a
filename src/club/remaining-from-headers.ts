/**
 * The service's `X-Ratelimit-Remaining`, or undefined when it is missing or not a non-negative
 * integer (surrounding whitespace is tolerated), so a garbled header never changes the budget.
 */
export function remainingFromHeaders(headers: Headers): number | undefined {
  const value = headers.get('x-ratelimit-remaining')?.trim();
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const remaining = Number(value);
  return Number.isSafeInteger(remaining) ? remaining : undefined;
}
