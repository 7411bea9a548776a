/**
 * B3's baseline: a raw BullMQ worker whose processor does nothing, with the bot worker's
 * concurrency (BENCH_CONCURRENCY) and connection settings, on the same Redis. Notes when each job
 * completes.
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { queueName } from '../../../src/redis/club-keys.js';
import { serveParent, signalReady } from '../child-process.js';

const connection = new Redis(process.env.BENCH_REDIS_URL ?? '', { maxRetriesPerRequest: null });
const worker = new Worker(queueName, async () => undefined, {
  connection,
  prefix: process.env.BENCH_PREFIX ?? 'bench-noop',
  concurrency: Number(process.env.BENCH_CONCURRENCY),
});
let completions: number[] = [];
worker.on('completed', () => completions.push(performance.now()));
await worker.waitUntilReady();

serveParent(
  async (message) => {
    if (message.type !== 'completions') throw new Error(`unknown request ${message.type}`);
    const taken = completions;
    completions = [];
    return { times: taken };
  },
  async () => {
    await worker.close();
    await connection.quit();
    return {};
  },
);
signalReady({ pid: process.pid });
