import { randomUUID } from 'node:crypto';
import type { BenchOptions } from './bench-options.js';
import type { RoundPlan } from './round-plan.js';
import { startBenchBot } from './bench-bot.js';
import { startChild, type BenchChild } from './child-process.js';
import { createCpuMeter } from './cpu-meter.js';
import { planCommands, readShares } from './command-mix.js';
import { atLeast, figure, type Figure } from './figure.js';
import { createClubQueue, type ClubQueue } from '../../src/jobs/club-queue.js';
import type { CommandRequest } from '../../src/jobs/job-types.js';
import { defaultConcurrency } from '../../src/jobs/create-worker.js';
import { parseCommandText } from '../../src/commands/parse-command.js';
import { registry } from '../../src/commands/registry.js';
import { slackUser } from '../../src/platforms/slack/map-request.js';
import { seededRandom, sleep } from './stats.js';

/** The worker's default concurrency (`startWorker`), given to the no-op baseline too. */
const concurrency = defaultConcurrency;

/** B3's rounds in a full run (the report's method text says them). */
export const throughputPlan: RoundPlan = { perRound: 2_000, warmUpRounds: 11, rounds: 6 };
/** `--quick`, for development: too short a warm-up for the bot's side, so it times the bot slower than a full run. */
const quickPlan: RoundPlan = { perRound: 1_500, warmUpRounds: 3, rounds: 2 };

/**
 * B3: how many commands a second one worker process finishes on a warm cache (read, render,
 * and leave the reply in the outbox), against a raw BullMQ worker whose processor does nothing,
 * with the same concurrency, the same payloads and the same Redis. The sides take turns, a round
 * of jobs queued while paused each; a round's rate is taken between its first and last
 * completion, and only rounds run once both sides are warm are timed. The bot process
 * that posts the replies is then started and timed on its own (B3.delivery): on two cores, a
 * deliverer and a fake Slack running during the worker's turn would time the machine's sharing,
 * not the worker, and the no-op baseline has neither.
 */
export async function throughput(options: BenchOptions): Promise<Figure[]> {
  const plan = options.quick ? quickPlan : throughputPlan;
  const bot = await startBenchBot({ redisUrl: options.redisUrl });
  const driver = await startChild('slack-driver');
  const apiUrl = String(driver.ready.apiUrl);
  const responseBase = String(driver.ready.url);
  const worker = await startChild('worker', bot.workerEnv(apiUrl));
  // The bot process, as deployed: it posts the worker's replies (its adapter stays idle here).
  const slack = await bot.startSlack(apiUrl, { deliverOnRequest: true });
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
    const ours: number[] = [];
    const raw: number[] = [];
    const cpu = createCpuMeter(bot.services.redis);
    // Warm-up rounds, not kept, until both run at their sustained rate. The no-op gets there in
    // some 6,000 jobs, the worker, with far more code for the JIT to optimise, in some 22,000: in
    // three runs of 20 rounds of 2,000 (2026-11-26), the no-op's rate was flat from round 4
    // (17,000-19,700 jobs a second over each run's rounds 4-7, 8-11, 12-17 and 15-20), the
    // worker's 8,900-9,500 commands a second over rounds 4-7 and 8-11, then 9,900-10,700 over
    // rounds 12-17 and 15-20. Timing rounds 4-7, as B3 did until then, gave a ratio of
    // 0.480-0.497 where rounds 12-17 gave 0.535-0.588. Cold, as B3 was timed until 2026-11-25,
    // the ratio misled the other way: the no-op's own CPU per job halves as it warms (0.12-0.145
    // ms cold, 0.055-0.067 ms warm) and a command's falls by a third (0.33-0.35 ms, 0.20-0.23 ms).
    for (let round = 0; round < plan.warmUpRounds; round += 1) {
      await timedDrain(noopQueue, noop, requests(plan.perRound));
      await timedDrain(bot.services.queue, worker, requests(plan.perRound));
    }
    const share = 1 / plan.rounds;
    for (let round = 0; round < plan.rounds; round += 1) {
      raw.push(
        await cpu.measure('noop', { noop }, plan.perRound, share, () =>
          timedDrain(noopQueue, noop, requests(plan.perRound)),
        ),
      );
      ours.push(
        await cpu.measure('ours', { worker }, plan.perRound, share, () =>
          timedDrain(bot.services.queue, worker, requests(plan.perRound)),
        ),
      );
    }
    // Every reply of the warm-up and the rounds is now in the outbox; the bot process posts them.
    const replies = (plan.warmUpRounds + plan.rounds) * plan.perRound;
    const delivery = await cpu.measure(
      'delivery',
      { bot: slack.process, slack: driver },
      replies,
      1,
      () =>
        collectRate(slack.process, replies, () =>
          slack.process.request({ type: 'start-delivery' }),
        ),
    );
    const cpuFigures = (side: string, label: string) =>
      [...cpu.spent()]
        .filter(([key]) => key.startsWith(`${side}.`))
        .map(([key, ms]) => {
          const name = key.slice(side.length + 1);
          return figure(`B3.cpu.${key}`, `B3 CPU per ${label}: ${name} process`, ms, 'ms');
        });
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
      figure(
        'B3.delivery',
        `B3 replies posted per second by one bot process (${replies} left by the worker)`,
        delivery,
        '/s',
      ),
      ...cpuFigures('ours', 'command'),
      ...cpuFigures('noop', 'no-op job'),
      ...cpuFigures('delivery', 'reply posted'),
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
  return collectRate(worker, requests.length, () => queue.queue.resume());
}

/**
 * Starts the work with `start`, collects `n` completion times from `child` (which answers
 * `completions`), and gives the rate between the first and the last.
 */
async function collectRate(
  child: BenchChild,
  n: number,
  start: () => Promise<unknown>,
): Promise<number> {
  await child.request({ type: 'completions' });
  await start();
  const times: number[] = [];
  const deadline = Date.now() + 300_000;
  while (times.length < n) {
    if (Date.now() > deadline) throw new Error(`only ${times.length} of ${n} completed`);
    await sleep(200);
    const answer = await child.request<{ type: string; times: number[] }>({ type: 'completions' });
    times.push(...answer.times);
  }
  const first = Math.min(...times);
  const last = Math.max(...times);
  return ((times.length - 1) / (last - first)) * 1000;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;
