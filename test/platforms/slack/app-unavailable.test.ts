import { testSealer } from '../../support/data-key.js';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../../src/access/access-policy.js';
import { createAskerPeek } from '../../../src/access/asker.js';
import { createReadCache } from '../../../src/cache/read-cache.js';
import { registry } from '../../../src/commands/registry.js';
import { createDispatcher } from '../../../src/dispatch/create-dispatcher.js';
import { createClubQueue, type ClubQueue } from '../../../src/jobs/club-queue.js';
import { createLogger } from '../../../src/log.js';
import type { RunningSlack, SlackClub } from '../../../src/platforms/slack/app.js';
import {
  interactionBody,
  postToSlackApp,
  slashCommandBody,
  viewSubmissionPayload,
} from '../../fakes/slack/slack-requests.js';
import { startFakeSlack, type FakeSlack } from '../../fakes/slack/start-fake-slack.js';
import { startOneClubSlack } from '../../support/one-club-slack.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';
import { waitFor } from '../../support/wait-for.js';

const secret = 'unavailable-secret';
const logger = createLogger({ level: 'silent' });
let fake: FakeSlack;
let live: Redis;
const deadConnections: Redis[] = [];
const queues: ClubQueue[] = [];
const adapters: RunningSlack<SlackClub>[] = [];

/** A Redis that never answers: a socket nobody listens on, commands waiting in ioredis's queue. */
function deadRedis(): Redis {
  const redis = new Redis({
    path: join(tmpdir(), `no-redis-${randomUUID()}.sock`),
    maxRetriesPerRequest: null,
    retryStrategy: () => 200,
  });
  redis.on('error', () => undefined);
  deadConnections.push(redis);
  return redis;
}

/** The adapter with the dispatcher's Redis down, and the adapter's own Redis `adapterRedis`. */
async function adapterWithRedisDown(
  adapterRedis: Redis,
  formAckDeadlineMs?: number,
): Promise<string> {
  const dead = deadRedis();
  const prefix = uniquePrefix('down');
  const queue = createClubQueue({ connection: dead, prefix, sealer: testSealer });
  queue.queue.on('error', () => undefined);
  queues.push(queue);
  const dispatcher = createDispatcher({
    registry,
    policy: defaultAccessPolicy,
    queue,
    peekAsker: createAskerPeek({
      cache: createReadCache({ redis: dead, prefix, sealer: testSealer }),
      policy: defaultAccessPolicy,
    }),
    timezone: 'Europe/London',
  });
  const { adapter, eventsUrl } = await startOneClubSlack(
    { dispatcher, redis: adapterRedis, prefix, sealer: testSealer },
    {
      signingSecret: secret,
      botToken: 'xoxb-down',
      slackApiUrl: fake.apiUrl,
      logger,
      ...(formAckDeadlineMs ? { formAckDeadlineMs } : {}),
    },
  );
  adapters.push(adapter);
  return eventsUrl;
}

beforeAll(async () => {
  fake = await startFakeSlack();
  live = connectTestRedis();
});
afterAll(async () => {
  for (const adapter of adapters) await adapter.stop();
  for (const redis of deadConnections) redis.disconnect();
  await live?.quit();
  await fake?.close();
});

const person = { userId: 'UDOWN', channelId: 'CPOOL' };
const unavailable = 'The bot is temporarily unavailable. Please try again in a minute.';

/** Runs a slash command; gives its acknowledgement and the first post at its response_url. */
async function slash(url: string, command: string, text: string) {
  const responseUrl = fake.responseUrl();
  const sentAt = Date.now();
  const answer = await postToSlackApp(
    url,
    slashCommandBody(person, command, text, { responseUrl }),
    {
      secret,
    },
  );
  const post = await waitFor(() => fake.postsTo(responseUrl)[0], 'the answer at the response_url');
  return { answer, post, postedAfterMs: post.at - sentAt };
}

/** A submission of an incident form the bot opened a moment ago. */
function incidentSubmission(viewId: string) {
  const view = {
    id: viewId,
    callback_id: 'club-form',
    private_metadata: JSON.stringify({
      form: 'incident',
      channelId: 'CPOOL',
      issuedAt: Date.now(),
    }),
    blocks: [
      { type: 'input', block_id: 'title', element: { type: 'plain_text_input' } },
      { type: 'input', block_id: 'date', element: { type: 'datepicker' } },
    ],
  };
  return interactionBody(
    viewSubmissionPayload(person, view, { title: 'Wet floor', date: '2026-03-14' }),
  );
}

describe('when Redis does not answer, people hear "temporarily unavailable" within Slack’s 3 s', () => {
  it('when all of Redis is down, a slash command is acknowledged at once and the response_url says so', async () => {
    const url = await adapterWithRedisDown(deadRedis());
    const { answer, post, postedAfterMs } = await slash(url, '/whoswho', '');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.elapsedMs).toBeLessThan(1_000);
    expect(post.body).toEqual({ response_type: 'ephemeral', text: unavailable });
    expect(postedAfterMs).toBeLessThan(3_000);
  });

  it('when only the queue’s Redis is down, the acknowledgement does not wait for the dispatcher’s 2 s limit', async () => {
    const url = await adapterWithRedisDown(live);
    const { answer, post, postedAfterMs } = await slash(url, '/session', 'Tuesday');
    expect(answer.text).toBe('');
    expect(answer.elapsedMs).toBeLessThan(1_000);
    expect(post.body.text).toBe(unavailable);
    expect(postedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(postedAfterMs).toBeLessThan(3_000);
  });

  it('when a form is submitted while Redis is down, the modal stays open with what was typed and says so', async () => {
    const url = await adapterWithRedisDown(live);
    const answer = await postToSlackApp(url, incidentSubmission('VDOWN1'), { secret });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ response_action: 'errors' });
    expect((answer.json?.errors as Record<string, string>).title).toContain(
      'temporarily unavailable',
    );
    expect(answer.elapsedMs).toBeLessThan(3_000);
  });

  it('when a form’s work takes longer than the acknowledgement deadline, Slack is answered at the deadline', async () => {
    const url = await adapterWithRedisDown(live, 300);
    const answer = await postToSlackApp(url, incidentSubmission('VDOWN2'), { secret });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ response_action: 'errors' });
    expect((answer.json?.errors as Record<string, string>).title).toContain('slow to answer');
    expect(answer.elapsedMs).toBeLessThan(1_500);
  });
});
