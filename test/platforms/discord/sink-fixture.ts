import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import type { ReplySink } from '../../../src/delivery/reply-sink.js';
import { createDiscordReplySink } from '../../../src/platforms/discord/reply-sink.js';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/start-fake-discord.js';
import { testSealer } from '../../support/data-key.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';

export const applicationId = '700000000000000001';

/** The fake Discord for a file's tests, and Discord reply sinks against it. */
export interface DiscordSinkFixture {
  fake: FakeDiscord;
  /** A sink with the bot `token` (none: only interaction webhooks work) and the clock. */
  sink(options?: { token?: string; now?: () => number }): ReplySink;
}

export function useDiscordSink(name: string): DiscordSinkFixture {
  let redis: Redis;
  const fixture: DiscordSinkFixture = {
    fake: undefined as unknown as FakeDiscord,
    sink: (options = {}) =>
      createDiscordReplySink({
        apiUrl: fixture.fake.apiUrl,
        redis,
        prefix: uniquePrefix(name),
        sealer: testSealer,
        ...options,
      }),
  };
  beforeAll(async () => {
    fixture.fake = await startFakeDiscord({ applicationId });
    redis = connectTestRedis();
  });
  afterAll(async () => {
    redis?.disconnect();
    await fixture.fake?.close();
  });
  return fixture;
}
