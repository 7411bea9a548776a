import { testSealer } from '../../support/data-key.js';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { createSlackReplySink } from '../../../src/platforms/slack/reply-sink.js';
import type { RunningSlack, SlackClub } from '../../../src/platforms/slack/app.js';
import {
  startFakeSocketMode,
  type FakeSocketMode,
} from '../../fakes/slack/start-fake-socket-mode.js';
import { startFakeSlack, type FakeSlack } from '../../fakes/slack/start-fake-slack.js';
import { waitFor } from '../../support/wait-for.js';
import { startBotHarness, type BotHarness } from '../../support/bot-harness.js';
import { startOneClubSlack } from '../../support/one-club-slack.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';

let fake: FakeSlack;
let socket: FakeSocketMode;
let harness: BotHarness;
let adapter: RunningSlack<SlackClub>;
let redis: Redis;

beforeAll(async () => {
  fake = await startFakeSlack();
  socket = await startFakeSocketMode();
  fake.setSocketModeUrl(socket.url);
  redis = connectTestRedis();
  const prefix = uniquePrefix('slack-socket');
  const logger = createLogger({ level: 'silent' });
  const common = {
    botToken: 'xoxb-socket',
    slackApiUrl: fake.apiUrl,
    redis,
    prefix,
    sealer: testSealer,
    logger,
  };
  harness = await startBotHarness({ sinks: { slack: createSlackReplySink(common) } });
  ({ adapter } = await startOneClubSlack(
    { ...common, dispatcher: harness.dispatcher },
    { botToken: common.botToken, slackApiUrl: fake.apiUrl, appToken: 'xapp-socket-token' },
  ));
  await socket.connected();
});
afterAll(async () => {
  await adapter?.stop();
  await harness?.stop();
  await redis?.quit();
  await socket?.close();
  await fake?.close();
});

describe('Socket Mode, when an app token is given', () => {
  it('when started, it opens the connection with the app token at the configured Web API', () => {
    const [open] = fake.callsTo('apps.connections.open');
    expect(open?.token).toBe('xapp-socket-token');
  });

  it('when a slash command comes over the socket, it is acked over the socket with nothing to show and answered at the response_url', async () => {
    const responseUrl = fake.responseUrl();
    const ack = await socket.send('slash_commands', {
      token: 'legacy',
      team_id: 'T1',
      channel_id: 'CPOOL',
      user_id: 'USOCKET',
      user_name: 'usocket',
      command: '/whoswho',
      text: '',
      api_app_id: 'A1',
      response_url: responseUrl,
      trigger_id: 'trigger-socket',
    });
    expect(ack.payload).toEqual({});
    const post = await waitFor(() => fake.postsTo(responseUrl)[0], 'the reply');
    expect(JSON.stringify(post.body.blocks)).toContain("Who's who");
  });
});
