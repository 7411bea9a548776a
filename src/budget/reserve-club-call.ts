import { BudgetDeniedError, type DailyBudget } from './daily-budget.js';
import type { Priority } from './priority.js';

/**
 * Reserves a unit of the club's budget for one call, then (for a person's cold read) a unit of
 * their own share: a call the club refuses costs the person nothing, and a call their share
 * refuses gives the club its unit back. Throws {@link BudgetDeniedError} or the share's error.
 */
export async function reserveClubCall(
  budget: DailyBudget,
  priority: Priority,
  spendShare?: () => Promise<void>,
): Promise<void> {
  const reservation = await budget.reserve(priority);
  if (!reservation.granted) throw new BudgetDeniedError(priority, reservation.retryAt);
  if (!spendShare) return;
  try {
    await spendShare();
  } catch (error) {
    await budget.release(reservation);
    throw error;
  }
}
