import { testSealer } from '../../support/data-key.js';
import type { Redis } from 'ioredis';
import { demoPersona } from '../../../src/app/demo-persona.js';
import { createLogger } from '../../../src/log.js';
import { createSlackReplySink } from '../../../src/platforms/slack/reply-sink.js';
import type { RunningSlack, SlackClub } from '../../../src/platforms/slack/app.js';
import { startFakeSlack, type FakeSlack } from '../../fakes/slack/start-fake-slack.js';
import {
  interactionBody,
  postToSlackApp,
  slashCommandBody,
  type SlackAnswer,
  type SlackPerson,
} from '../../fakes/slack/slack-requests.js';
import { startBotHarness, type BotHarness } from '../../support/bot-harness.js';
import { startOneClubSlack } from '../../support/one-club-slack.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';
import { waitFor } from '../../support/wait-for.js';

export const signingSecret = 'test-signing-secret-8c1f';
export const botToken = 'xoxb-test-token';

/** The whole bot with a real Bolt app over HTTP, Slack faked on loopback. */
export interface SlackFixture {
  harness: BotHarness;
  fake: FakeSlack;
  adapter: RunningSlack<SlackClub>;
  eventsUrl: string;
  redis: Redis;
  prefix: string;
  /** A coach, the welfare officer, and someone the club's records do not know. */
  people: { coach: SlackPerson; welfare: SlackPerson; stranger: SlackPerson };
  /** The name of a session the coach coaches. */
  coachSession: string;
  slash(
    person: SlackPerson,
    command: string,
    text?: string,
    options?: { responseUrl?: string },
  ): Promise<{ answer: SlackAnswer; responseUrl: string; triggerId: string }>;
  interact(payload: Record<string, unknown>): Promise<SlackAnswer>;
  /** Jobs in the queue in any state: unchanged when nothing was enqueued. */
  jobTotal(): Promise<number>;
  stop(): Promise<void>;
}

/** Options for {@link startSlackFixture}. */
export interface SlackFixtureOptions {
  /** auth.test fails this many times before it answers. Default: 0 (the fixture waits for it). */
  authTestFailures?: number;
}

export async function startSlackFixture(options: SlackFixtureOptions = {}): Promise<SlackFixture> {
  const fake = await startFakeSlack();
  const failures = options.authTestFailures ?? 0;
  if (failures > 0) fake.failNext('auth.test', { error: 'internal_error' }, failures);
  const redis = connectTestRedis();
  const prefix = uniquePrefix('slack');
  const logger = createLogger({ level: 'silent' });
  const sink = createSlackReplySink({
    botToken,
    slackApiUrl: fake.apiUrl,
    redis,
    prefix,
    sealer: testSealer,
    logger,
  });
  const harness = await startBotHarness({ sinks: { slack: sink } });
  // Members and club roles in the cache, as on any day after the first command: the adapter can
  // then refuse at once (it never calls the club service itself).
  await harness.services.data.members();
  await harness.services.data.roles();

  const users = harness.simulator.admin.records('users');
  const sessions = harness.simulator.admin.records('sessions');
  const coached = (guid: unknown) =>
    sessions.find(
      (session) =>
        session.Archived !== 1 &&
        Array.isArray(session.Coaches) &&
        (session.Coaches as { Guid: string }[]).some((coach) => coach.Guid === guid),
    );
  const coach = users.find(
    (user) => user.IsACoach === 1 && user.Active === 1 && user.Email && coached(user.Guid),
  );
  const welfare = demoPersona(users, harness.simulator.admin.records('roles'));
  if (!coach || !welfare) throw new Error('the seeded club has no coach or welfare officer');
  const people = {
    coach: { userId: 'UCOACH', channelId: 'CPOOL' },
    welfare: { userId: 'UWELFARE', channelId: 'CWELFARE' },
    stranger: { userId: 'USTRANGER', channelId: 'CPOOL' },
  };
  fake.setEmail(people.coach.userId, String(coach.Email));
  fake.setEmail(people.welfare.userId, welfare.email);

  const { adapter, eventsUrl } = await startOneClubSlack(
    { dispatcher: harness.dispatcher, redis, prefix, sealer: testSealer },
    {
      signingSecret,
      botToken,
      slackApiUrl: fake.apiUrl,
      logger,
      customRoutes: [
        {
          path: '/custom-page',
          method: ['GET'],
          handler: (_request, response) => {
            response.writeHead(200, { 'content-type': 'text/plain' });
            response.end('ok');
          },
        },
      ],
    },
  );
  if (failures === 0) await waitFor(async () => (await adapter.ready()).ok, 'auth.test answered');

  return {
    harness,
    fake,
    adapter,
    eventsUrl,
    redis,
    prefix,
    people,
    coachSession: String(coached(coach.Guid)?.SessionName),
    async slash(person, command, text = '', options = {}) {
      const responseUrl = options.responseUrl ?? fake.responseUrl();
      const triggerId = `trigger-${Math.random().toString(36).slice(2)}`;
      const body = slashCommandBody(person, command, text, { responseUrl, triggerId });
      return {
        answer: await postToSlackApp(eventsUrl, body, { secret: signingSecret }),
        responseUrl,
        triggerId,
      };
    },
    interact: (payload) =>
      postToSlackApp(eventsUrl, interactionBody(payload), { secret: signingSecret }),
    async jobTotal() {
      const counts = await harness.services.queue.queue.getJobCounts();
      return Object.values(counts).reduce((sum, count) => sum + count, 0);
    },
    async stop() {
      await adapter.stop();
      await harness.stop();
      await redis.quit();
      await fake.close();
    },
  };
}
