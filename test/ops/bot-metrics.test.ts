import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { createBotMetrics, oldestWaitingSeconds } from '../../src/ops/bot-metrics.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';

const connection = connectTestRedis();
afterAll(() => connection.quit());

describe('the bot’s own metrics', () => {
  it('when a hosting deployment reports a finished command with its club, the command count carries the club label', async () => {
    const metrics = createBotMetrics();
    metrics.jobFinished(
      { name: 'command', what: 'whoswho', outcome: 'answered', answerMs: 12 } as Parameters<
        typeof metrics.jobFinished
      >[0],
      'swans',
    );
    expect(await metrics.registry.metrics()).toMatch(
      /clubbot_commands_total\{[^}]*club="swans"[^}]*\} 1/,
    );
  });

  it('when jobs wait, the oldest waiting age is the first queued job’s, not the newest’s', async () => {
    const queue = new Queue('commands', { connection, prefix: uniquePrefix('oldest') });
    const now = Date.now();
    await queue.pause();
    await queue.add('command', {}, { timestamp: now - 60_000 });
    await queue.add('command', {}, { timestamp: now - 5_000 });
    expect(await oldestWaitingSeconds(queue, now)).toBe(60);
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('when nothing waits, the oldest waiting age is 0', async () => {
    const queue = new Queue('commands', { connection, prefix: uniquePrefix('none') });
    expect(await oldestWaitingSeconds(queue)).toBe(0);
    await queue.close();
  });
});
