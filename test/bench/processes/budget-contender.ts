/**
 * One of B6's contenders: reserves units of the shared daily budget in a loop, as fast as Redis
 * answers, timing each reservation. Four of these run at once on one budget key.
 */
import { Redis } from 'ioredis';
import { createDailyBudget } from '../../../src/budget/create-daily-budget.js';
import { serveParent, signalReady } from '../child-process.js';

const redis = new Redis(process.env.BENCH_REDIS_URL ?? '', { maxRetriesPerRequest: null });
const budget = createDailyBudget({
  redis,
  prefix: process.env.BENCH_PREFIX ?? 'bench-budget',
  limit: Number(process.env.BENCH_LIMIT ?? 10_000_000),
});
// The script is loaded once and connected before timing starts.
await budget.state();

serveParent(
  async (message) => {
    if (message.type !== 'reserve') throw new Error(`unknown request ${message.type}`);
    // Every contender starts and stops on the same wall-clock instants, so all four contend for
    // the whole measured span; the first `warmupMs` are not kept.
    const startAt = Number(message.startAt);
    const measureFrom = startAt + Number(message.warmupMs);
    const endAt = measureFrom + Number(message.durationMs);
    while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
    const samples: number[] = [];
    let denied = 0;
    for (let at = Date.now(); at < endAt; at = Date.now()) {
      const started = performance.now();
      const reservation = await budget.reserve('interactive');
      const ms = performance.now() - started;
      if (at >= measureFrom) {
        samples.push(ms);
        if (!reservation.granted) denied += 1;
      }
    }
    return { samples, denied };
  },
  async () => {
    await redis.quit();
    return {};
  },
);
signalReady({ pid: process.pid });
