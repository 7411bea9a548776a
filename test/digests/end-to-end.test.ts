import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClubScope } from '../../src/hosting/club-scope.js';
import { startFairWorkerPool, type FairWorkerPool } from '../../src/hosting/fair-worker-pool.js';
import { startHostedDeliverer } from '../../src/hosting/start-hosted-deliverer.js';
import { clubClock } from '../../src/club/time/club-time.js';
import { loadConfig } from '../../src/config.js';
import { createDigests } from '../../src/digests/create-digests.js';
import { createLogger } from '../../src/log.js';
import { createSlackReplySink } from '../../src/platforms/slack/reply-sink.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { testDataKey } from '../support/data-key.js';
import { openOneClub, type OneClub } from '../support/one-club.js';
import { testRedisUrl, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';
import { untilQueueIdle } from '../support/queue-idle.js';

const token = 'digest-e2e-token';
const london = 'Europe/London';
const logger = createLogger({ level: 'silent' });
/** The worker's clock: the test moves it to when a digest is due. */
const clock = { now: Date.now() };

let simulator: RunningSimulator;
let fake: FakeSlack;
let club: OneClub;
let services: ClubScope;
let pool: FairWorkerPool;
let deliverer: ReturnType<typeof startHostedDeliverer>;

beforeAll(async () => {
  simulator = await startSimulator({ token, members: 120, seed: 7 });
  fake = await startFakeSlack();
  const config = loadConfig({
    CLUB_DATA_KEY: testDataKey,
    CLUB_API_URL: simulator.url,
    CLUB_API_TOKEN: token,
    REDIS_URL: testRedisUrl(),
  });
  club = openOneClub({
    config,
    logger,
    root: uniquePrefix('digest-e2e'),
    timezone: london,
    rateLimit: false,
  });
  services = club.services;
  const sink = createSlackReplySink({
    botToken: 'xoxb-e2e',
    slackApiUrl: fake.apiUrl,
    redis: services.redis,
    prefix: services.prefix,
    sealer: services.sealer,
    logger,
  });
  deliverer = startHostedDeliverer({
    directory: club.directory,
    redis: club.redis,
    logger,
    root: club.root,
    sinksFor: () => ({ slack: sink }),
    goneFor: (scope) => createDigests(scope, { timezone: london, logger }).dropGone,
  });
  pool = startFairWorkerPool({
    directory: club.directory,
    redis: club.redis,
    queueConnection: club.queueConnection,
    logger,
    root: club.root,
    now: () => clock.now,
    onReplyPut: club.ringOutbox,
  });
});
afterAll(async () => {
  await pool?.close();
  await deliverer?.stop();
  await services?.queue.queue.obliterate({ force: true });
  await club?.close();
  await fake?.close();
  await simulator?.stop();
});

/** A coach of the seeded club, as Slack knows them (their email links them to their member). */
function coach() {
  const record = simulator.admin
    .records('users')
    .find((user) => user.IsACoach === 1 && user.Active === 1 && user.Email);
  if (!record) throw new Error('no coach in the seeded club');
  return {
    platform: 'slack' as const,
    userId: 'UCOACH',
    teamId: 'T1',
    email: String(record.Email),
  };
}

const postsIn = (channel: string) =>
  fake.callsTo('chat.postMessage').filter((call) => call.args.channel === channel);

describe('a digest from /digest add to its post', () => {
  it('when a coach runs /digest add tonight in a channel and the clock reaches 16:00, then one post appears in that channel', async () => {
    const { dispatcher } = services;
    const result = await dispatcher.command(
      { id: 'e2e-add', slash: '/digest', text: 'add tonight' },
      coach(),
      {
        platform: 'slack',
        userId: 'UCOACH',
        channelId: 'CPOOL',
        teamId: 'T1',
        issuedAt: Date.now(),
      },
    );
    expect(result.kind).toBe('queued');
    const [added] = await waitFor(() => {
      const calls = fake.callsTo('chat.postEphemeral');
      return calls.length > 0 ? calls : undefined;
    }, 'the answer to /digest add');
    expect(String(added?.args.text)).toContain('Digest added');

    const [scheduler] = await services.queue.queue.getJobSchedulers();
    const due = scheduler?.next ?? 0;
    expect(clubClock(due, london).time).toBe('16:00');
    expect(postsIn('CPOOL')).toHaveLength(0);

    // The clock reaches 16:00: the scheduler's job for that occurrence runs.
    clock.now = due + 20_000;
    const [job] = await services.queue.queue.getDelayed();
    await job?.promote();
    // Promoted early, it rings nothing: the pool would wake at the job's own time.
    await club.ringJobs();
    const [post] = await waitFor(() => {
      const posts = postsIn('CPOOL');
      return posts.length > 0 ? posts : undefined;
    }, 'the digest post');
    expect(String(post?.args.text)).toContain("Today's sessions");
    await untilQueueIdle(services.queue.queue);
    expect(postsIn('CPOOL')).toHaveLength(1);
    // The scheduler has made the next occurrence: tomorrow at 16:00.
    const next = (await services.queue.queue.getJobSchedulers())[0]?.next ?? 0;
    expect(next).toBeGreaterThan(due);
    expect(clubClock(next, london).time).toBe('16:00');
  });

  it('when its channel is deleted, then the post fails as gone and the digest is dropped', async () => {
    const { dispatcher } = services;
    await dispatcher.command({ id: 'e2e-gone', slash: '/digest', text: 'add deadlines' }, coach(), {
      platform: 'slack',
      userId: 'UCOACH',
      channelId: 'CGONE',
      teamId: 'T1',
      issuedAt: Date.now(),
    });
    const schedulerOf = async () =>
      (await services.queue.queue.getJobSchedulers()).find(
        (scheduler) => scheduler.pattern === '0 8 * * 1',
      );
    const scheduler = await waitFor(schedulerOf, 'the deadlines digest to be scheduled');
    fake.failNext('chat.postMessage', { error: 'channel_not_found' });
    clock.now = (scheduler.next ?? 0) + 20_000;
    const job = (await services.queue.queue.getDelayed()).find(
      (delayed) => delayed.repeatJobKey === scheduler.key,
    );
    await job?.promote();
    // Promoted early, it rings nothing: the pool would wake at the job's own time.
    await club.ringJobs();
    await waitFor(
      async () => ((await schedulerOf()) ? undefined : true),
      'the digest to be dropped',
    );
    const log = await services.redis.xrange(`${services.prefix}:digests:log`, '-', '+');
    expect(log.map(([, fields]) => JSON.parse(fields[1] ?? '{}').action)).toEqual([
      'added',
      'added',
      'gone',
    ]);
    expect(postsIn('CGONE')).toHaveLength(1);
  });
});
