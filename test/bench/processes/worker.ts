/**
 * A real worker process that delivers its own replies, as `npm start -- --role all` runs one: the
 * production services, worker and deliverer, with the Slack reply sink posting to the bench's
 * fake Slack. It notes when each reply is delivered, and reports its peak RSS when stopped.
 */
import { readFileSync } from 'node:fs';
import type { RoleRule } from '../../../src/access/access-policy.js';
import { createClubServices } from '../../../src/app/club-services.js';
import { startReplyDelivery } from '../../../src/app/start-reply-delivery.js';
import { startWorker } from '../../../src/app/start-worker.js';
import { createSlackReplySink } from '../../../src/platforms/slack/slack-reply-sink.js';
import {
  benchBotToken,
  benchConfig,
  benchLogger,
  benchPolicy,
  benchTimezone,
} from '../bench-setup.js';
import { serveParent, signalReady } from '../child-process.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const config = benchConfig(env('BENCH_CLUB_API_URL'), env('BENCH_REDIS_URL'));
const prefix = env('BENCH_PREFIX');
const logger = benchLogger('worker');
const grants = JSON.parse(process.env.BENCH_GRANTS ?? '[]') as RoleRule[];
const services = createClubServices({ config, logger, policy: benchPolicy(grants), prefix });
// The worker and the deliverer of its replies in one process (`npm start` with both roles), so
// that the process's figures (throughput, memory) include posting the replies.
let completions: number[] = [];
const deliverer = startReplyDelivery(services, {
  logger,
  onDelivered(event) {
    if (event.outcome === 'delivered') completions.push(performance.now());
  },
  sinks: {
    slack: createSlackReplySink({
      botToken: benchBotToken,
      slackApiUrl: env('BENCH_SLACK_API_URL'),
      redis: services.redis,
      prefix,
      logger,
    }),
  },
});
const worker = startWorker({ services, logger, timezone: benchTimezone });
await worker.waitUntilReady();

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
    if (message.type === 'memory') {
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
    }
    throw new Error(`unknown request ${message.type}`);
  },
  async () => {
    await worker.close();
    await deliverer.stop();
    await services.close();
    return { peakRssMb: peakRssMb() };
  },
);
signalReady({ pid: process.pid });
