/**
 * The one Redis key of the budget: a sorted set of counted calls, each member unique, scored
 * by the epoch ms at which it was counted. It holds at most `limit` members and expires a window
 * after the last one was added.
 */
export function budgetKey(prefix: string): string {
  return `${prefix}:budget:calls`;
}
