import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy, createRateLimit } from '../../src/access/access-policy.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';

describe('the per-person command limit', () => {
  const redis = connectTestRedis();
  afterAll(() => redis.quit());

  it('allows the limit in a minute, refuses the next, and allows again the minute after', async () => {
    let clock = 1_800_000_000_000;
    const limit = createRateLimit({
      redis,
      prefix: uniquePrefix('rate'),
      perMinute: 3,
      now: () => clock,
    });
    const ada = { platform: 'slack' as const, userId: 'U-ADA' };
    const ben = { platform: 'slack' as const, userId: 'U-BEN' };
    expect([await limit(ada), await limit(ada), await limit(ada), await limit(ada)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(await limit(ben)).toBe(true);
    clock += 60_000;
    expect(await limit(ada)).toBe(true);
  });
});

describe('when one person runs more commands a minute than allowed', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({
      noWorker: true,
      env: { RATE_LIMIT_PER_MINUTE: '2' },
      policy: defaultAccessPolicy,
    });
  });
  afterAll(() => harness.stop());

  it('gets a polite refusal and nothing more is enqueued', async () => {
    const user = { platform: 'console' as const, userId: 'eager' };
    const send = (id: string) =>
      harness.dispatcher.command({ id, slash: '/whoswho', text: '' }, user, {
        platform: 'console',
        conversationId: id,
      });
    expect((await send('1')).kind).toBe('queued');
    expect((await send('2')).kind).toBe('queued');
    const third = await send('3');
    expect(third.kind).toBe('reply');
    expect(third.kind === 'reply' && replyToPlainText(third.reply)).toContain(
      'Please wait a minute',
    );
    expect((await harness.services.queue.queue.getJobCounts('waiting')).waiting).toBe(2);
  });
});
