import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashCommandFields } from '../../fakes/slack/slack-requests.js';
import {
  startFakeSlackOverSocket,
  type FakeSlackOverSocket,
} from '../../fakes/slack/start-fake-socket-mode.js';
import { startBotHarness, type BotHarness } from '../../support/bot-harness.js';
import { testSealer } from '../../support/data-key.js';
import { startOneClubSlack, type OneClubSlack } from '../../support/one-club-slack.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';
import { waitFor } from '../../support/wait-for.js';

let slack: FakeSlackOverSocket;
let harness: BotHarness;
let served: OneClubSlack;
let redis: Redis;

beforeAll(async () => {
  slack = await startFakeSlackOverSocket();
  redis = connectTestRedis();
  // The adapter starts on the harness's dispatcher; the harness's replies wait for its sink.
  harness = await startBotHarness({
    sinks: { slack: { deliver: (to, reply) => served.sink.deliver(to, reply) } },
  });
  const services = { redis, prefix: uniquePrefix('slack-socket'), sealer: testSealer };
  served = await startOneClubSlack(
    { ...services, dispatcher: harness.dispatcher },
    { botToken: 'xoxb-socket', slackApiUrl: slack.fake.apiUrl, appToken: 'xapp-socket-token' },
  );
  await slack.socket.connected();
});
afterAll(async () => {
  await served?.adapter.stop();
  await harness?.stop();
  await redis?.quit();
  await slack?.close();
});

describe('Socket Mode, when an app token is given', () => {
  it('when started, it opens the connection with the app token at the configured Web API', () => {
    const [open] = slack.fake.callsTo('apps.connections.open');
    expect(open?.token).toBe('xapp-socket-token');
  });

  it('when a slash command comes over the socket, it is acked over the socket with nothing to show and answered at the response_url', async () => {
    const responseUrl = slack.fake.responseUrl();
    const ack = await slack.socket.send(
      'slash_commands',
      slashCommandFields({ userId: 'USOCKET', channelId: 'CPOOL' }, '/whoswho', '', {
        responseUrl,
      }),
    );
    expect(ack.payload).toEqual({});
    const post = await waitFor(() => slack.fake.postsTo(responseUrl)[0], 'the reply');
    expect(JSON.stringify(post.body.blocks)).toContain("Who's who");
  });
});
