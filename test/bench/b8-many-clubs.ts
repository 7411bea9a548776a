import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createClubRegistry } from '../../src/hosting/club-registry.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import { testSealer } from '../support/data-key.js';
import type { BenchOptions } from './bench-options.js';
import { startChild, type BenchChild } from './child-process.js';
import { atMost, exactly, figure, type Figure } from './figure.js';
import type { HostedRun, PlannedLine } from './processes/hosted-bot.js';
import { percentiles, seededRandom, sleep } from './stats.js';

const clubCount = 200;
const rate = 50;
/** The busiest clubs but one go bad: rank 2 spends its budget, rank 3's service fails. */
const exhausted = 2;
const sick = 3;
const reads = ['/sessions', '/whoswho', '/events', '/meets'];

/** How B8 is measured, for the report. */
export const manyClubsMethod =
  "200 clubs in the registry, one simulator serving 200 accounts (60 members each), one hosting bot process (each club's dispatcher and the hosted deliverer, a console sink noting each reply) and two hosting worker processes (the fair pool), one Redis. The read mix (/sessions, /whoswho, /events, /meets) at 50 commands/s open loop, club n chosen with probability ∝ 1/n (Zipf), on warm caches; time from dispatching a command to its reply reaching the sink, in the bot process. Then the same commands while club 2 (the second busiest) has its cache emptied every 200 ms and its service allows 5 more calls, and club 3's service answers 500 to every call (its commands ask for incidents, never cached); the other clubs' figures compared between the two runs. Memory: a fresh worker process, idle, with 1 and with 200 clubs registered, RSS after a full collection (median of 5); the difference divided by 199.";

/**
 * B8: 200 clubs on one deployment (one simulator serving 200 accounts, one bot process, two
 * worker processes, one Redis), commands at 50 a second over the clubs by Zipf's law; then the
 * same commands while one club's budget runs out and another's service answers 500; and the
 * memory a worker spends on each idle club of the registry.
 */
export async function manyClubs(options: BenchOptions): Promise<Figure[]> {
  const durationMs = options.quick ? 10_000 : 30_000;
  const simulator = await startSimulator({ token: 'b8-club', clubs: clubCount, members: 60 });
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const children: BenchChild[] = [];
  try {
    const root = await registryOf(redis, clubCount, simulator.url);
    const env = { BENCH_REDIS_URL: options.redisUrl, BENCH_ROOT: root };
    const bot = await startChild('hosted-bot', env);
    children.push(bot);
    for (let i = 0; i < 2; i += 1) children.push(await startChild('hosted-worker', env));
    options.log('B8 warming 200 clubs’ caches…');
    await bot.request({ type: 'warm' });
    const plan = zipfPlan((rate * durationMs) / 1000, seededRandom(8));
    const run = (lines: PlannedLine[]) =>
      bot.request<HostedRun>({ type: 'run', plan: lines, rate, answerTimeoutMs: 15_000 });
    await run(plan.slice(0, rate * 2));
    options.log('B8 all clubs well…');
    const calm = await run(plan);

    options.log('B8 one club’s budget running out, another’s service failing…');
    simulator.club(exhausted).setBudget({ remaining: 5 });
    simulator.club(sick).setFaults({ errorRate: 1 });
    await bot.request({ type: 'churn', club: `club-${exhausted}`, everyMs: 200 });
    const sickLines = plan.map((line) =>
      line.club === `club-${sick}` ? { ...line, line: '/incident list' } : line,
    );
    const bad = await run(sickLines);
    await bot.request({ type: 'churn', club: `club-${exhausted}`, everyMs: 0 });

    const others = (ran: HostedRun) =>
      ran.results.filter((r) => r.club !== `club-${exhausted}` && r.club !== `club-${sick}`);
    const answeredMs = (results: HostedRun['results']) =>
      results.filter((r) => r.ms >= 0).map((r) => r.ms);
    const all = percentiles(answeredMs(calm.results));
    const calmOthers = percentiles(answeredMs(others(calm)));
    const badOthers = percentiles(answeredMs(others(bad)));
    const ofClub = (n: number) => bad.results.filter((r) => r.club === `club-${n}`);
    const memory = await idleClubMemory(options, redis, simulator.url);
    return [
      figure('B8.answer.p50', 'B8 answer p50, 200 clubs, warm cache', all.p50, 'ms'),
      figure(
        'B8.answer.p99',
        'B8 answer p99, 200 clubs, warm cache',
        all.p99,
        'ms',
        atMost(100, 'ms'),
      ),
      figure('B8.rate', 'B8 commands sent per second', calm.sentPerSecond, '/s'),
      figure(
        'B8.calm.unanswered',
        `B8 commands without an answer, all well (of ${calm.results.length})`,
        calm.results.filter((r) => r.ms < 0).length,
        'commands',
        exactly(0),
      ),
      figure(
        'B8.others.unanswered',
        `B8 other clubs’ commands without an answer, two clubs bad (of ${others(bad).length})`,
        others(bad).filter((r) => r.ms < 0).length,
        'commands',
        exactly(0),
      ),
      figure(
        'B8.others.refused',
        'B8 other clubs’ commands refused or failed, two clubs bad',
        others(bad).filter((r) => r.ms >= 0 && !r.ok).length,
        'commands',
        exactly(0),
      ),
      figure('B8.others.p99.calm', 'B8 other clubs’ answer p99, all well', calmOthers.p99, 'ms'),
      figure('B8.others.p99.bad', 'B8 other clubs’ answer p99, two clubs bad', badOthers.p99, 'ms'),
      figure(
        'B8.others.p99.ratio',
        'B8 other clubs’ p99, two clubs bad ÷ all well',
        badOthers.p99 / calmOthers.p99,
        '×',
        atMost(1.5),
      ),
      figure(
        'B8.exhausted.answered',
        `B8 the spent club’s commands answered (from its cache; of ${ofClub(exhausted).length})`,
        ofClub(exhausted).filter((r) => r.ms >= 0).length,
        'commands',
      ),
      figure(
        'B8.sick.answered',
        `B8 the failing club’s commands answered within 15 s (of ${ofClub(sick).length})`,
        ofClub(sick).filter((r) => r.ms >= 0).length,
        'commands',
      ),
      figure('B8.rss.1', 'B8 idle worker RSS, 1 club registered', memory.one / 2 ** 20, 'MB'),
      figure('B8.rss.200', 'B8 idle worker RSS, 200 clubs registered', memory.many / 2 ** 20, 'MB'),
      figure(
        'B8.rss.perClub',
        'B8 worker RSS per idle registered club',
        (memory.many - memory.one) / 199 / 2 ** 20,
        'MB',
        atMost(1, 'MB'),
      ),
    ];
  } finally {
    for (const child of children.reverse()) await child.stop();
    await simulator.stop();
    await redis.quit();
  }
}

/** A registry of `count` clubs under a root of its own, each a simulator account. */
async function registryOf(redis: Redis, count: number, apiUrl: string): Promise<string> {
  const root = `b8-${randomUUID().slice(0, 8)}`;
  const registry = createClubRegistry(redis, testSealer, { root });
  const welfare = `grant:\n${Array.from({ length: 40 }, (_, i) => `  - { platform: console, user: person-${i}, roles: [welfare] }`).join('\n')}\n`;
  for (let n = 1; n <= count; n += 1) {
    await registry.add({
      id: `club-${n}`,
      name: `Club ${n}`,
      apiUrl,
      layout: 'spec',
      token: `b8-club-${n}`,
      dailyLimit: 5000,
      timezone: 'Europe/London',
      slackTeams: [],
      discordGuilds: [],
      ...(n === sick ? { policy: welfare } : {}),
    });
  }
  return root;
}

/** `total` commands over the clubs, club n chosen with probability ∝ 1/n (Zipf, s = 1). */
function zipfPlan(total: number, random: () => number): PlannedLine[] {
  const weights = Array.from({ length: clubCount }, (_, i) => 1 / (i + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let left = random() * sum;
    for (const [i, weight] of weights.entries()) {
      left -= weight;
      if (left <= 0) return i + 1;
    }
    return clubCount;
  };
  return Array.from({ length: total }, (_, i) => ({
    club: `club-${pick()}`,
    line: reads[i % reads.length] ?? '/sessions',
  }));
}

/** A fresh worker's RSS after a full collection, idle, with 1 and with 200 clubs registered. */
async function idleClubMemory(options: BenchOptions, redis: Redis, apiUrl: string) {
  const rssOf = async (count: number) => {
    const root = await registryOf(redis, count, apiUrl);
    const worker = await startChild('hosted-worker', {
      BENCH_REDIS_URL: options.redisUrl,
      BENCH_ROOT: root,
      BENCH_SWEEP_MS: '500',
      NODE_OPTIONS: '--expose-gc',
    });
    try {
      await sleep(2_000);
      const readings: { rss: number; heap: number }[] = [];
      for (let i = 0; i < 5; i += 1) {
        const memory = await worker.request({ type: 'memory' });
        readings.push({ rss: Number(memory.rss), heap: Number(memory.heapUsed) });
        await sleep(200);
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[2] ?? Number.NaN;
      return { rss: median(readings.map((r) => r.rss)), heap: median(readings.map((r) => r.heap)) };
    } finally {
      await worker.stop();
    }
  };
  const [one, many] = [await rssOf(1), await rssOf(clubCount)];
  return { one: one.rss, many: many.rss, oneHeap: one.heap, manyHeap: many.heap };
}
