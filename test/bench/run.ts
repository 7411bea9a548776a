/**
 * `npm run bench`: every benchmark of issue 9 on this machine, with real Redis (a private
 * redis-server), real Bolt over HTTP, the simulator and real worker processes. Writes
 * `bench-results/latest.json`, `latest.md` and the B5 growth plot.
 *
 *   npm run bench                  the full run (a few minutes)
 *   npm run bench -- --quick       fewer samples, for development
 *   npm run bench -- --only B1,B4  some benchmarks; prints, writes nothing
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startPrivateRedis } from '../../src/redis/private-redis-server.js';
import { ackLatency, ackLatencyPlan } from './b1-ack-latency.js';
import { answerLatency } from './b2-answer-latency.js';
import { throughput, throughputPlan } from './b3-throughput.js';
import { clubDay } from './b4-club-day.js';
import { growth, growthPoints } from './b5-growth.js';
import { budgetOverhead } from './b6-budget-overhead.js';
import { manyClubs, manyClubsMethod } from './b8-many-clubs.js';
import { digestDay, digestDayMethod } from './b7-digests.js';
import { growthPlotSvg } from './growth-plot.js';
import { roundsInWords } from './round-plan.js';
import type { BenchOptions } from './bench-options.js';
import { compileChildren } from './child-process.js';
import type { Figure } from './figure.js';
import { machineInfo, versions } from './machine-info.js';
import { figuresTable, markdownReport, type BenchReport } from './markdown-report.js';

type Bench = {
  id: string;
  title: string;
  /** How it is measured, for the report. */
  method: string;
  run(options: BenchOptions): Promise<Figure[]>;
};

const benches: Bench[] = [
  {
    id: 'B1',
    title: 'acknowledgement latency',
    method: `signed slash commands (the read mix of B4) at concurrency 50 over keep-alive HTTP from a separate load-generator process, time to HTTP 200; the bot adapter (as \`--role bot\`, enqueueing) and a bare Bolt app that only acks, each in a process of its own, take turns in ${roundsInWords(ackLatencyPlan, 'requests')}. The target is on the ratio of the two p99s, measured in the same run; the absolute p99 depends on the machine and is reported only.`,
    run: ackLatency,
  },
  {
    id: 'B2',
    title: 'answer latency, warm cache',
    method:
      'the read mix at 100 commands/s (open loop) through the bot adapter to one real worker process; time from sending a command to its reply arriving at its fake response_url, in the sending process; 2 s of warm-up not kept.',
    run: answerLatency,
  },
  {
    id: 'B3',
    title: 'throughput',
    method: `the read mix queued while paused (as the adapter enqueues it, each reply to a fake response_url), then drained by one real worker process at its default concurrency (the figure's name says it); the rate between its first and last finished job (the reply left for the bot process, not running here, to post). Beside it, a raw BullMQ worker with a no-op processor, the same concurrency, payloads and Redis (reported only: it does none of the work). The sides take turns in ${roundsInWords(throughputPlan, 'jobs')}; the mean of the timed rounds.`,
    run: throughput,
  },
  {
    id: 'B4',
    title: 'a club day',
    method:
      "400 members; 1,000 commands in the issue's mix (40% /session, 25% /whoswho, 10% /member, 5% /events, 5% /meets, 5% /incident new filed as form submissions, 4% /sessions, 3% /incident list, 3% /help) from 40 entitled people, evenly over 16 simulated hours from a cold cache; one fake clock for simulator, budget, cache, dispatcher and worker, moved on after each reply; club calls counted by the simulator by method and path. Baseline: the same commands by a bot without a cache (every page of Users and the club roles to know who asks, then the collection the command shows, or the POST), with the typed client against the same simulator.",
    run: clubDay,
  },
  {
    id: 'B5',
    title: 'growth with club size',
    method:
      'at 50, 500 and 5,000 members, each on a fresh simulator and cache: club calls to read every cached collection once; /session (10 entitled people) through the bot adapter to a real worker process on the warm cache, 20/s open loop for 10 s after 1 s of warm-up, command to the first message of its reply; the worker process\'s peak RSS (VmHWM) when it stops. "Flat" is read as p50 at 5,000 members ≤ 1.5 × p50 at 50; "⌈N/100⌉ + constant" as calls − ⌈N/100⌉ varying by at most the one empty page read after a last full page.',
    run: growth,
  },
  {
    id: 'B6',
    title: 'budget overhead',
    method:
      '4 processes reserve units of one shared budget key in a loop (interactive priority, every one granted), each timing every reservation, all over the same 10 s after 1 s of warm-up; percentiles of the merged samples.',
    run: budgetOverhead,
  },
  { id: 'B7', title: 'digests for a day', method: digestDayMethod, run: digestDay },
  { id: 'B8', title: 'many clubs on one deployment', method: manyClubsMethod, run: manyClubs },
];

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const only = values.only?.split(',').map((id) => id.trim().toUpperCase());
const selected = benches.filter((bench) => !only || only.includes(bench.id));
const quick = values.quick ?? false;

const startedAt = new Date();
console.log('[bench] compiling the child processes…');
compileChildren();
const machineAtStart = machineInfo();
const redis = await startPrivateRedis();
const log = (message: string) => console.log(`[bench] ${message}`);
const figures: Figure[] = [];
const durations: Record<string, number> = {};
try {
  for (const bench of selected) {
    log(`${bench.id} ${bench.title}…`);
    const began = performance.now();
    const result = await bench.run({ quick, redisUrl: redis.url, log });
    durations[bench.id] = (performance.now() - began) / 1000;
    figures.push(...result);
    log(`${bench.id} done in ${durations[bench.id]?.toFixed(0)} s`);
    console.log(figuresTable(result));
  }
} finally {
  await redis.stop();
}

const report: BenchReport = {
  date: startedAt.toISOString(),
  mode: quick ? 'quick' : 'full',
  durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  machine: { ...machineAtStart, loadAverageAtEnd: machineInfo().loadAverage },
  versions: versions(),
  figures,
  methods: Object.fromEntries(selected.map((bench) => [bench.id, bench.method])),
};
if (only) {
  log('--only: nothing written');
} else {
  const dir = new URL('../../bench-results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const points = growthPoints(figures);
  if (points.length > 0) {
    report.plot = 'b5-growth.svg';
    writeFileSync(new URL(report.plot, dir), growthPlotSvg(points));
  }
  writeFileSync(new URL('latest.json', dir), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(new URL('latest.md', dir), markdownReport(report));
  log(`wrote bench-results/latest.json, latest.md${report.plot ? ` and ${report.plot}` : ''}`);
}
const missed = figures.filter((f) => f.met === false);
log(
  `${figures.filter((f) => f.met === true).length} targets met, ${missed.length} missed${missed.length ? `: ${missed.map((f) => f.id).join(', ')}` : ''}`,
);
