import type { Redis } from 'ioredis';
import type { DailyBudget } from '../../src/budget/daily-budget.js';
import { budgetKey } from '../../src/redis/club-keys.js';
import { createDailyBudget } from '../../src/budget/create-daily-budget.js';
import type { Priority } from '../../src/budget/priority.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';
import { manualClock, type ManualClock } from './manual-clock.js';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A budget on the test Redis with its own prefix and a manual clock; `close()` removes its key. */
export interface BudgetFixture {
  budget: DailyBudget;
  clock: ManualClock;
  redis: Redis;
  prefix: string;
  key: string;
  /** Reserves until refused; returns how many were granted. */
  reserveUntilRefused(priority: Priority): Promise<number>;
  close(): Promise<void>;
}

export function budgetFixture(limit: number): BudgetFixture {
  const redis = connectTestRedis();
  const clock = manualClock();
  const prefix = uniquePrefix('budget');
  const budget = createDailyBudget({ redis, prefix, limit, now: clock.now });
  const key = budgetKey(prefix);
  return {
    budget,
    clock,
    redis,
    prefix,
    key,
    async reserveUntilRefused(priority) {
      let granted = 0;
      while ((await budget.reserve(priority)).granted) granted += 1;
      return granted;
    },
    async close() {
      await redis.del(key);
      await redis.quit();
    },
  };
}
