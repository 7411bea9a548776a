import { randomUUID } from 'node:crypto';
import type { BenchOptions } from './bench-options.js';
import type { RoundPlan } from './round-plan.js';
import { startBenchBot } from './bench-bot.js';
import { startChild, type BenchChild } from './child-process.js';
import { planCommands, readShares } from './command-mix.js';
import { atLeast, figure, type Figure } from './figure.js';
import { createClubQueue, type ClubQueue, type CommandRequest } from '../../src/jobs/club-queue.js';
import { parseCommandText } from '../../src/commands/parse-command.js';
import { registry } from '../../src/commands/registry.js';
import { slackUser } from '../../src/platforms/slack/map-request.js';
import { seededRandom, sleep } from './stats.js';

/** B3's rounds in a full run (the report's method text says them). */
export const throughputPlan: RoundPlan = { perRound: 2_000, warmUpRounds: 2, rounds: 3 };
const quickPlan: RoundPlan = { perRound: 1_000, warmUpRounds: 1, rounds: 2 };

/**
 * B3: how many commands a second one worker process finishes on a warm cache (its job done, the
 * reply left for the bot process to post), against a raw BullMQ worker whose processor does
 * nothing, with the same concurrency, payloads and Redis. The sides take turns, each draining a
 * queue filled while paused; a round's rate is taken between its first and last completion.
 */
export async function throughput(options: BenchOptions): Promise<Figure[]> {
  const plan = options.quick ? quickPlan : throughputPlan;
  const bot = await startBenchBot({ redisUrl: options.redisUrl });
  const driver = await startChild('slack-driver');
  const apiUrl = String(driver.ready.apiUrl);
  const responseBase = String(driver.ready.url);
  // The worker's default concurrency (BENCH_CONCURRENCY in the environment overrides it).
  const worker = await startChild('worker', bot.workerEnv(apiUrl));
  const concurrency = Number(worker.ready.concurrency);
  const noopPrefix = `${bot.prefix}-noop`;
  const noop = await startChild('noop-worker', {
    BENCH_REDIS_URL: options.redisUrl,
    BENCH_PREFIX: noopPrefix,
    BENCH_CONCURRENCY: String(concurrency),
  });
  const noopQueue = createClubQueue({
    connection: bot.services.redis,
    prefix: noopPrefix,
    sealer: bot.services.sealer,
  });
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
          user: slackUser(command.person.userId, 'T1', {
            email: command.person.email,
            outsider: false,
          }),
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
    const completed = (child: BenchChild) => () =>
      child.request<{ times: number[] }>({ type: 'completions' });
    const ours: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < plan.warmUpRounds + plan.rounds; round += 1) {
      const rawRate = await timedDrain(noopQueue, requests(plan.perRound), completed(noop));
      // The pool is told of its club's work by the doorbell: resuming the queue rings nothing.
      const oursRate = await timedDrain(
        bot.services.queue,
        requests(plan.perRound),
        completed(worker),
        () => bot.ringJobs(),
      );
      if (round < plan.warmUpRounds) continue;
      raw.push(rawRate);
      ours.push(oursRate);
    }
    const oursRate = mean(ours);
    const rawRate = mean(raw);
    return [
      figure(
        'B3.ours',
        `B3 commands finished per second, one worker process (concurrency ${concurrency})`,
        oursRate,
        '/s',
        atLeast(1_000, '/s'),
      ),
      figure(
        'B3.noop',
        `B3 baseline: raw BullMQ no-op jobs per second (concurrency ${concurrency})`,
        rawRate,
        '/s',
      ),
      figure('B3.ratio', 'B3 throughput ratio, commands / no-op jobs', oursRate / rawRate, '×'),
    ];
  } finally {
    await noopQueue.close();
    await noop.stop();
    await worker.stop();
    await driver.stop();
    await bot.stop();
  }
}

/**
 * Queues `requests` while the queue is paused, resumes it (then calls `resumed`), and gives the
 * rate between the first and the last of their completion times, as `take` hands them over (each
 * time only the new ones).
 */
async function timedDrain(
  queue: ClubQueue,
  requests: CommandRequest[],
  take: () => Promise<{ times: number[] }>,
  resumed: () => Promise<void> = async () => undefined,
): Promise<number> {
  await queue.queue.pause();
  for (let i = 0; i < requests.length; i += 200) {
    await Promise.all(requests.slice(i, i + 200).map((request) => queue.enqueueCommand(request)));
  }
  await take();
  await queue.queue.resume();
  await resumed();
  const times: number[] = [];
  const deadline = Date.now() + 300_000;
  while (times.length < requests.length) {
    if (Date.now() > deadline) throw new Error(`only ${times.length} of ${requests.length} done`);
    await sleep(200);
    times.push(...(await take()).times);
  }
  return ((times.length - 1) / (Math.max(...times) - Math.min(...times))) * 1000;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;
