/**
 * A hosting worker process, as `npm start -- --role worker` runs one when the registry holds
 * clubs: the fair pool over every club's queue. Reports its memory when asked (run it with
 * NODE_OPTIONS=--expose-gc to see what stays after a full collection).
 */
import { startFairWorkerPool } from '../../../src/hosting/fair-worker-pool.js';
import { serveParent, signalReady } from '../child-process.js';
import { openHostedProcess } from '../hosted-process.js';

const hosted = await openHostedProcess('worker');
const pool = startFairWorkerPool({
  directory: hosted.directory,
  redis: hosted.redis,
  queueConnection: hosted.queueConnection,
  logger: hosted.logger,
  root: hosted.root,
  sweepMs: Number(process.env.BENCH_SWEEP_MS ?? 15_000),
  onReplyPut: hosted.ringOutbox,
});

serveParent(
  async (message) => {
    if (message.type !== 'memory') throw new Error(`unknown request ${message.type}`);
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    return { rss: usage.rss, heapUsed: usage.heapUsed, clubs: hosted.directory.ids().length };
  },
  async () => {
    await pool.close();
    await hosted.close();
    return {};
  },
);
signalReady({ pid: process.pid, clubs: hosted.directory.ids().length });
