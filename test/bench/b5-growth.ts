import type { BenchOptions } from './bench-options.js';
import { startBenchBot } from './bench-bot.js';
import { benchSigningSecret } from './bench-setup.js';
import { startChild } from './child-process.js';
import { planCommands } from './command-mix.js';
import { atMost, figure, type Figure } from './figure.js';
import type { DriverCommand, DriverRun } from './processes/slack-driver.js';
import { percentiles, seededRandom } from './stats.js';

export const clubSizes = [50, 500, 5_000] as const;

/** One club size's measurements, for the figures and the plot. */
export interface GrowthPoint {
  members: number;
  callsPerRefresh: number;
  sessionP50Ms: number;
  sessionP95Ms: number;
  workerPeakRssMb: number;
}

/**
 * B5: at 50, 500 and 5,000 members, each on a fresh simulator and cache: the club calls to read
 * every cached collection once; then /session through the Slack adapter to a real worker process
 * on the warm cache (open loop, 20 a second), command to first reply message; and that worker's
 * peak RSS (VmHWM) when it stops.
 */
export async function growth(options: BenchOptions): Promise<Figure[]> {
  const points: GrowthPoint[] = [];
  for (const members of clubSizes) {
    points.push(await measureSize(members, options));
    options.log(`B5 ${members} members done`);
  }
  return growthFigures(points);
}

async function measureSize(members: number, options: BenchOptions): Promise<GrowthPoint> {
  const bot = await startBenchBot({ redisUrl: options.redisUrl, members, people: 10 });
  const driver = await startChild('slack-driver');
  const apiUrl = String(driver.ready.apiUrl);
  let worker;
  try {
    bot.simulator.admin.reset();
    await bot.warmCache();
    const callsPerRefresh = bot.simulator.admin.calls().total;
    worker = await startChild('worker', bot.workerEnv(apiUrl));
    await driver.request({ type: 'emails', emails: bot.emails() });
    const ours = await bot.startSlack(apiUrl);
    const commands: DriverCommand[] = planCommands(
      bot.club,
      200,
      { session: 1 },
      seededRandom(5),
    ).map((planned) => ({
      userId: planned.person.userId,
      command: planned.slash,
      text: planned.text,
    }));
    const run = (durationMs: number) =>
      driver.request<DriverRun>({
        type: 'open',
        url: ours.eventsUrl,
        secret: benchSigningSecret,
        commands,
        rate: 20,
        durationMs,
        answerTimeoutMs: 30_000,
      });
    await run(1_000);
    const measured = await run(options.quick ? 3_000 : 10_000);
    await ours.stop();
    const answered = percentiles(measured.answers.filter((ms) => ms >= 0));
    const memory = await worker.request({ type: 'memory' });
    options.log(`B5 ${members} members: worker memory ${JSON.stringify(memory)}`);
    const last = await worker.stop<{ peakRssMb: number }>();
    worker = undefined;
    return {
      members,
      callsPerRefresh,
      sessionP50Ms: answered.p50,
      sessionP95Ms: answered.p95,
      workerPeakRssMb: last?.peakRssMb ?? Number.NaN,
    };
  } finally {
    await worker?.stop();
    await driver.stop();
    await bot.stop();
  }
}

function growthFigures(points: GrowthPoint[]): Figure[] {
  const figures: Figure[] = [];
  const extras = points.map((point) => point.callsPerRefresh - Math.ceil(point.members / 100));
  for (const point of points) {
    const n = point.members;
    figures.push(
      figure(
        `B5.calls.${n}`,
        `B5 calls per full refresh, ${n.toLocaleString('en-GB')} members`,
        point.callsPerRefresh,
        'calls',
      ),
      figure(
        `B5.session.p50.${n}`,
        `B5 /session latency p50, ${n.toLocaleString('en-GB')} members`,
        point.sessionP50Ms,
        'ms',
      ),
      figure(
        `B5.session.p95.${n}`,
        `B5 /session latency p95, ${n.toLocaleString('en-GB')} members`,
        point.sessionP95Ms,
        'ms',
      ),
      figure(
        `B5.rss.${n}`,
        `B5 worker peak RSS, ${n.toLocaleString('en-GB')} members`,
        point.workerPeakRssMb,
        'MB',
        n === 5_000 ? atMost(200, 'MB') : undefined,
      ),
    );
  }
  const first = points[0];
  const lastPoint = points[points.length - 1];
  figures.push(
    figure(
      'B5.calls.constant',
      `B5 calls − ⌈N/100⌉ varies across sizes by (values ${extras.join(', ')}; 1 = the empty page read after a last full page)`,
      Math.max(...extras) - Math.min(...extras),
      'calls',
      atMost(1),
    ),
    figure(
      'B5.session.flat',
      'B5 /session p50 at 5,000 members / at 50 members (flat)',
      (lastPoint?.sessionP50Ms ?? Number.NaN) / (first?.sessionP50Ms ?? Number.NaN),
      '×',
      atMost(1.5),
    ),
  );
  return figures;
}

/** The points back from the figures (for the plot), in club size order. */
export function growthPoints(figures: readonly Figure[]): GrowthPoint[] {
  const value = (id: string) => figures.find((f) => f.id === id)?.value ?? Number.NaN;
  return clubSizes
    .filter((n) => figures.some((f) => f.id === `B5.calls.${n}`))
    .map((n) => ({
      members: n,
      callsPerRefresh: value(`B5.calls.${n}`),
      sessionP50Ms: value(`B5.session.p50.${n}`),
      sessionP95Ms: value(`B5.session.p95.${n}`),
      workerPeakRssMb: value(`B5.rss.${n}`),
    }));
}
