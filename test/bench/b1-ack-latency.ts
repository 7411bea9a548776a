import { atMost, figure, type Figure } from './figure.js';
import { startBenchBot } from './bench-bot.js';
import { benchSigningSecret } from './bench-setup.js';
import { startChild } from './child-process.js';
import { planCommands, readShares } from './command-mix.js';
import type { BenchOptions } from './bench-options.js';
import type { RoundPlan } from './round-plan.js';
import type { DriverCommand, DriverRun } from './processes/slack-driver.js';
import { percentiles, seededRandom } from './stats.js';

/** B1's rounds in a full run (the report's method text says them). */
export const ackLatencyPlan: RoundPlan = { perRound: 500, warmUpRounds: 4, rounds: 4 };
const quickPlan: RoundPlan = { perRound: 250, warmUpRounds: 2, rounds: 2 };

/**
 * B1: signed slash commands at concurrency 50 to `/slack/events`, time to HTTP 200, against the
 * bot's Slack adapter (as `--role bot`: commands are enqueued) and against a bare Bolt app that
 * only acknowledges. Each app and the load generator run in a process of their own; the apps
 * take turns in rounds, so that a change in the machine's load falls on both alike.
 */
export async function ackLatency(options: BenchOptions): Promise<Figure[]> {
  const plan = options.quick ? quickPlan : ackLatencyPlan;
  const bot = await startBenchBot({ redisUrl: options.redisUrl });
  const driver = await startChild('slack-driver');
  try {
    const apiUrl = String(driver.ready.apiUrl);
    await bot.warmCache();
    await driver.request({ type: 'emails', emails: bot.emails() });
    const ours = await bot.startSlack(apiUrl);
    const bare = await startChild('slack-app', { BENCH_APP: 'bare', BENCH_SLACK_API_URL: apiUrl });
    const commands: DriverCommand[] = planCommands(bot.club, 400, readShares, seededRandom(1)).map(
      (planned) => ({ userId: planned.person.userId, command: planned.slash, text: planned.text }),
    );
    const run = (url: string) =>
      driver.request<DriverRun>({
        type: 'closed',
        url,
        secret: benchSigningSecret,
        commands,
        count: plan.perRound,
        concurrency: 50,
      });
    const oursAcks: number[] = [];
    const bareAcks: number[] = [];
    let failures = 0;
    for (let round = 0; round < plan.warmUpRounds + plan.rounds; round += 1) {
      const bareRun = await run(String(bare.ready.eventsUrl));
      const oursRun = await run(ours.eventsUrl);
      if (round < plan.warmUpRounds) continue;
      bareAcks.push(...bareRun.acks);
      oursAcks.push(...oursRun.acks);
      for (const counts of [bareRun.failures, oursRun.failures])
        failures += Object.values(counts).reduce((sum, n) => sum + n, 0);
    }
    await ours.stop();
    await bare.stop();
    const o = percentiles(oursAcks);
    const b = percentiles(bareAcks);
    return [
      figure('B1.ours.p50', 'B1 acknowledgement p50, bot adapter', o.p50, 'ms'),
      figure('B1.ours.p95', 'B1 acknowledgement p95, bot adapter', o.p95, 'ms'),
      figure('B1.ours.p99', 'B1 acknowledgement p99, bot adapter', o.p99, 'ms'),
      figure('B1.bare.p50', 'B1 baseline: acknowledgement p50, bare Bolt app', b.p50, 'ms'),
      figure('B1.bare.p95', 'B1 baseline: acknowledgement p95, bare Bolt app', b.p95, 'ms'),
      figure('B1.bare.p99', 'B1 baseline: acknowledgement p99, bare Bolt app', b.p99, 'ms'),
      figure('B1.ratio.p50', 'B1 p50 ratio, bot / bare Bolt', o.p50 / b.p50, '×'),
      figure('B1.ratio.p99', 'B1 p99 ratio, bot / bare Bolt', o.p99 / b.p99, '×', atMost(1.5)),
      figure(
        'B1.failures',
        'B1 answers other than HTTP 200 (both apps)',
        failures,
        'requests',
        atMost(0),
      ),
    ];
  } finally {
    await driver.stop();
    await bot.stop();
  }
}
