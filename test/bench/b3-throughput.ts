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
 * B3: how many commands a second one worker process answers on a warm cache, counted when the
 * reply reaches the fake Slack's response_url (the worker reads and renders; the bot process
 * posts, as deployed), against a raw BullMQ worker whose processor does nothing, with the same
 * concurrency, the same payloads and the same Redis. Each side takes `count` jobs queued while
 * paused; the rate is taken between its first and last completion.
 */
export async function throughput(options: BenchOptions): Promise<Figure[]> {
  const count = options.quick ? 800 : 3_000;
  const bot = await startBenchBot({ redisUrl: options.redisUrl });
  const driver = await startChild('slack-driver');
  const apiUrl = String(driver.ready.apiUrl);
  const responseBase = String(driver.ready.url);
  const worker = await startChild('worker', bot.workerEnv(apiUrl));
  // The bot process, as deployed: it posts the worker's replies (its adapter stays idle here).
  const slack = await bot.startSlack(apiUrl);
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
    await timedDrain(bot.services.queue, slack.process, requests(300));
    await timedDrain(noopQueue, noop, requests(300));
    const ours: number[] = [];
    const raw: number[] = [];
    // CPU time per command of each process (and of Redis), to see where the time goes.
    const processes = { worker, bot: slack.process, slack: driver, noop };
    const cpuOf = async (): Promise<Record<keyof typeof processes | 'redis', number>> => {
      const entries = await Promise.all(
        Object.entries(processes).map(async ([name, child]) => {
          const answer = await child.request<{ cpuMs: number }>({ type: 'cpu' });
          return [name, answer.cpuMs] as const;
        }),
      );
      const info = await bot.services.redis.info('cpu');
      const seconds = (field: string) => Number(new RegExp(`${field}:([\\d.]+)`).exec(info)?.[1]);
      const redis = (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1000;
      return { ...Object.fromEntries(entries), redis } as Record<
        keyof typeof processes | 'redis',
        number
      >;
    };
    const spent = { ours: new Map<string, number>(), noop: new Map<string, number>() };
    const measure = async (side: 'ours' | 'noop', drain: () => Promise<number>) => {
      const before = await cpuOf();
      const rate = await drain();
      const after = await cpuOf();
      for (const name of Object.keys(after) as (keyof typeof after)[]) {
        const perCommand = (after[name] - before[name]) / (count / 2);
        spent[side].set(name, (spent[side].get(name) ?? 0) + perCommand / 2);
      }
      return rate;
    };
    for (let round = 0; round < 2; round += 1) {
      raw.push(await measure('noop', () => timedDrain(noopQueue, noop, requests(count / 2))));
      ours.push(
        await measure('ours', () =>
          timedDrain(bot.services.queue, slack.process, requests(count / 2)),
        ),
      );
    }
    const cpuFigures = (side: 'ours' | 'noop', label: string) =>
      [...spent[side]]
        .filter(([, ms]) => ms >= 0.005)
        .map(([name, ms]) =>
          figure(`B3.cpu.${side}.${name}`, `B3 CPU per ${label}: ${name} process`, ms, 'ms'),
        );
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
      ...cpuFigures('ours', 'command'),
      ...cpuFigures('noop', 'no-op job'),
    ];
  } finally {
    await noopQueue.close();
    await noop.stop();
    await worker.stop();
    await slack.stop();
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
