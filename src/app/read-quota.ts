import type { DailyBudget } from '../budget/daily-budget.js';
import { cachedCollections } from '../cache/cached-club-data.js';
import type { ReadCache } from '../cache/read-cache.js';
import type { ClubLayout } from '../club/club-layout.js';
import type { QuotaReport } from '../core/club-data.js';
import type { ClubQueue } from '../jobs/club-queue.js';

/** What `/quota` shows: the day's calls, the cache's ages, the queue and the layout in use. */
export async function readQuota(parts: {
  budget: DailyBudget;
  cache: ReadCache;
  queue: ClubQueue;
  layout: ClubLayout;
}): Promise<QuotaReport> {
  const { budget, cache, queue, layout } = parts;
  const [state, ages, counts, inUse] = await Promise.all([
    budget.state(),
    cache.ages(cachedCollections),
    queue.queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
    layout.current(),
  ]);
  return {
    limit: state.limit,
    used: state.used,
    remaining: state.remaining,
    nextUnitAt: state.nextUnitAt,
    byPriority: {
      write: { available: state.byPriority.write.available },
      interactive: { available: state.byPriority.interactive.available },
      background: { available: state.byPriority.background.available },
    },
    cacheAges: ages.map(({ key, fetchedAt }) => ({ collection: key, fetchedAt })),
    queue: {
      waiting: counts.waiting ?? 0,
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
    },
    layout: { setting: layout.setting, inUse: inUse ?? null },
  };
}
