import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import type { ReplySink } from '../../../src/delivery/reply-sink.js';
import { createLogger } from '../../../src/log.js';
import { createSlackReplySink } from '../../../src/platforms/slack/reply-sink.js';
import { startFakeSlack, type FakeSlack } from '../../fakes/slack/start-fake-slack.js';
import { testSealer } from '../../support/data-key.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';

/** The Slack reply sink against the fake Slack, started before a file's tests and stopped after. */
export interface SlackSinkFixture {
  fake: FakeSlack;
  redis: Redis;
  sink: ReplySink;
}

export function useSlackSink(name: string): SlackSinkFixture {
  const fixture = {} as SlackSinkFixture;
  beforeAll(async () => {
    fixture.fake = await startFakeSlack();
    fixture.redis = connectTestRedis();
    fixture.sink = createSlackReplySink({
      botToken: `xoxb-${name}`,
      slackApiUrl: fixture.fake.apiUrl,
      redis: fixture.redis,
      prefix: uniquePrefix(name),
      sealer: testSealer,
      logger: createLogger({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await fixture.redis?.quit();
    await fixture.fake?.close();
  });
  return fixture;
}
