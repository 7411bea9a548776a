import { randomUUID } from 'node:crypto';
import type { BenchOptions } from './bench-options.js';
import { startBenchBot } from './bench-bot.js';
import { startChild, type BenchChild } from './child-process.js';
import { planCommands, readShares } from './command-mix.js';
import { atLeast, figure, type Figure } from './figure.js';
import { createClubQueue, type ClubQueue } from '../../src/jobs/club-queue.js';
import type { CommandRequest } from '../../src/jobs/job-types.js';
import { parseCommandText } from '../../src/commands/parse-command.js';
import { registry } from '../../src/commands/registry.js';
import { slackUser } from '../../src/platforms/slack/map-slash-command.js';
import { seededRandom, sleep } from './stats.js';

/** The worker's default concurrency (`startWorker`), given to the no-op baseline too. */
const concurrency = 8;

/**
 * B3: how many commands a second one worker process finishes on a warm cache (reading, replying
 * through the Slack sink to a fake response_url), against a raw BullMQ worker whose processor
 * does nothing, with the same concurrency, the same payloads and the same Redis. Each side takes
 * `count` jobs queued while paused; the rate is taken between its first and last completion.
 */
export async function throughput(options: BenchOptions): Promise<Figure[]> {
  const count = options.quick ? 800 : 3_000;
  const bot = await startBenchBot({ redisUrl: options.redisUrl });
  const driver = await startChild('slack-driver');
  const apiUrl = String(driver.ready.apiUrl);
  const responseBase = String(driver.ready.url);
  const worker = await startChild('worker', bot.workerEnv(apiUrl));
  const noopPrefix = `${bot.prefix}-noop`;
  const noop = await startChild('noop-worker', {
    BENCH_REDIS_URL: options.redisUrl,
    BENCH_PREFIX: noopPrefix,
    BENCH_CONCURRENCY: String(concurrency),
  });
  const noopQueue = createClubQueue({ connection: bot.services.redis, prefix: noopPrefix });
  try {
    await bot.warmCache();
    const planned = planCommands(bot.club, 500, readShares, seededRandom(3));
    const requests = (n: number): CommandRequest[] =>
      Array.from({ length: n }, (_, i) => {
        const command = planned[i % planned.length]!;
        const parsed = parseCommandText(registry, command.slash, command.text);
        if (!parsed.ok) throw new Error(`${command.slash} ${command.text} does not parse`);
        const id = randomUUID();
        return {
          id,
          command: parsed.command.name,
          options: parsed.options,
          user: slackUser(command.person.userId, 'T1', command.person.email),
          replyTo: {
            platform: 'slack',
            userId: command.person.userId,
            channelId: 'CPOOL',
            teamId: 'T1',
            responseUrl: `${responseBase}/response/b3-${id}`,
            issuedAt: Date.now(),
          },
          receivedAt: Date.now(),
        };
      });
    await timedDrain(bot.services.queue, worker, requests(300));
    await timedDrain(noopQueue, noop, requests(300));
    const ours: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      raw.push(await timedDrain(noopQueue, noop, requests(count / 2)));
      ours.push(await timedDrain(bot.services.queue, worker, requests(count / 2)));
    }
    const oursRate = mean(ours);
    const rawRate = mean(raw);
    return [
      figure('B3.ours', 'B3 commands finished per second, one worker process', oursRate, '/s'),
      figure(
        'B3.noop',
        `B3 baseline: raw BullMQ no-op jobs per second (concurrency ${concurrency})`,
        rawRate,
        '/s',
      ),
      figure(
        'B3.ratio',
        'B3 throughput ratio, commands / no-op jobs',
        oursRate / rawRate,
        '×',
        atLeast(0.5),
      ),
    ];
  } finally {
    await noopQueue.close();
    await noop.stop();
    await worker.stop();
    await driver.stop();
    await bot.stop();
  }
}

/** Queues `requests` while the queue is paused, resumes it, and gives the completion rate. */
async function timedDrain(
  queue: ClubQueue,
  worker: BenchChild,
  requests: CommandRequest[],
): Promise<number> {
  await queue.queue.pause();
  for (let i = 0; i < requests.length; i += 200) {
    await Promise.all(requests.slice(i, i + 200).map((request) => queue.enqueueCommand(request)));
  }
  await worker.request({ type: 'completions' });
  await queue.queue.resume();
  const times: number[] = [];
  const deadline = Date.now() + 300_000;
  while (times.length < requests.length) {
    if (Date.now() > deadline)
      throw new Error(`only ${times.length} of ${requests.length} jobs completed`);
    await sleep(200);
    const answer = await worker.request<{ type: string; times: number[] }>({ type: 'completions' });
    times.push(...answer.times);
  }
  const first = Math.min(...times);
  const last = Math.max(...times);
  return ((times.length - 1) / (last - first)) * 1000;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;
