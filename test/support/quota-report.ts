import type { QuotaReport } from '../../src/core/club-data.js';

/**
 * What /quota reads, for a day with `used` of 5,000 calls spent: writes may use all that is
 * left, interactive commands all but a 250 reserve, background refreshes all but 1,000.
 */
export function quotaReport(
  used: number,
  nextUnitAt: number,
  rest: Partial<QuotaReport> = {},
): QuotaReport {
  const remaining = 5000 - used;
  return {
    limit: 5000,
    used,
    remaining,
    nextUnitAt,
    byPriority: {
      write: { available: remaining },
      interactive: { available: remaining - 250 },
      background: { available: remaining - 1000 },
    },
    cacheAges: [],
    queue: { waiting: 0, active: 1, delayed: 0, failed: 0 },
    layout: { setting: 'auto', inUse: 'spec' },
    ...rest,
  };
}
