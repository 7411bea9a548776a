import type { BenchOptions } from './bench-options.js';
import { startBenchBot } from './bench-bot.js';
import { benchSigningSecret } from './bench-setup.js';
import { startChild } from './child-process.js';
import { planCommands, readShares } from './command-mix.js';
import { atMost, exactly, figure, type Figure } from './figure.js';
import type { DriverCommand, DriverRun } from './processes/slack-driver.js';
import { percentiles, seededRandom } from './stats.js';

/**
 * B2: commands at 100 a second, each timed from sending it to its reply arriving at its
 * response_url: the bot process (Slack adapter and deliverer), one real worker process, the cache
 * warm, "Slack" (sender and response_url) in a process of its own.
 */
export async function answerLatency(options: BenchOptions): Promise<Figure[]> {
  const rate = 100;
  const durationMs = options.quick ? 8_000 : 30_000;
  const bot = await startBenchBot({ redisUrl: options.redisUrl });
  const driver = await startChild('slack-driver');
  const apiUrl = String(driver.ready.apiUrl);
  const worker = await startChild('worker', bot.workerEnv(apiUrl));
  try {
    await bot.warmCache();
    await driver.request({ type: 'emails', emails: bot.emails() });
    const ours = await bot.startSlack(apiUrl);
    const commands: DriverCommand[] = planCommands(bot.club, 500, readShares, seededRandom(2)).map(
      (planned) => ({ userId: planned.person.userId, command: planned.slash, text: planned.text }),
    );
    const run = (ms: number) =>
      driver.request<DriverRun>({
        type: 'open',
        url: ours.eventsUrl,
        secret: benchSigningSecret,
        commands,
        rate,
        durationMs: ms,
        answerTimeoutMs: 15_000,
      });
    await run(2_000);
    const measured = await run(durationMs);
    await ours.stop();
    const answered = measured.answers.filter((ms) => ms >= 0);
    const a = percentiles(answered);
    const acks = percentiles(measured.acks);
    return [
      figure('B2.answer.p50', 'B2 answer latency p50, warm cache', a.p50, 'ms', atMost(15, 'ms')),
      figure('B2.answer.p95', 'B2 answer latency p95, warm cache', a.p95, 'ms'),
      figure('B2.answer.p99', 'B2 answer latency p99, warm cache', a.p99, 'ms', atMost(60, 'ms')),
      figure(
        'B2.unanswered',
        `B2 commands without a reply (of ${measured.answers.length})`,
        measured.answers.length - answered.length,
        'commands',
        exactly(0),
      ),
      figure('B2.rate', 'B2 commands sent per second', measured.sentPerSecond, '/s'),
      figure('B2.ack.p99', 'B2 acknowledgement p99 under this load', acks.p99, 'ms'),
    ];
  } finally {
    await worker.stop();
    await driver.stop();
    await bot.stop();
  }
}
