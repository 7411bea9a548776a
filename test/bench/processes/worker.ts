/**
 * A real worker process, as `npm start -- --role worker` runs one: the environment's club as a
 * directory of one, and the fair worker pool over it, at its default concurrency unless
 * BENCH_CONCURRENCY is set. It reports its concurrency when ready, when its jobs completed and
 * its memory when asked, and its peak RSS when stopped.
 */
import { readFileSync } from 'node:fs';
import { startFairWorkerPool } from '../../../src/hosting/fair-worker-pool.js';
import { defaultConcurrency } from '../../../src/jobs/club-worker-settings.js';
import { serveParent, signalReady } from '../child-process.js';
import { processServices } from '../process-services.js';

const { club, logger, metrics } = processServices('worker');
const concurrency = process.env.BENCH_CONCURRENCY
  ? Number(process.env.BENCH_CONCURRENCY)
  : defaultConcurrency;
// When each job finished, for B3's rate.
let completions: number[] = [];
const pool = startFairWorkerPool({
  directory: club.directory,
  redis: club.redis,
  queueConnection: club.queueConnection,
  logger,
  root: club.root,
  concurrency,
  onFinished: (event, clubId) => {
    completions.push(performance.now());
    metrics.jobFinished(event, clubId);
  },
  onReplyPut: club.ringOutbox,
});

/** Peak resident set size, from the kernel (VmHWM), in MB. */
function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return Number.isFinite(kb) ? kb / 1024 : process.resourceUsage().maxRSS / 1024;
}

serveParent(
  async (message) => {
    if (message.type === 'completions') {
      const taken = completions;
      completions = [];
      return { times: taken };
    }
    if (message.type !== 'memory') throw new Error(`unknown request ${message.type}`);
    // Run with NODE_OPTIONS=--expose-gc to see what stays after a full collection.
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    return {
      peakRssMb: peakRssMb(),
      rssMb: mb(usage.rss),
      heapUsedMb: mb(usage.heapUsed),
      heapTotalMb: mb(usage.heapTotal),
      externalMb: mb(usage.external),
    };
  },
  async () => {
    await pool.close();
    await club.close();
    return { peakRssMb: peakRssMb() };
  },
);
signalReady({ pid: process.pid, concurrency });
