import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberLinks } from '../../src/access/asker.js';
import { createClubQueue, jobDataAt } from '../../src/jobs/club-queue.js';
import { clubPrefix } from '../../src/redis/club-keys.js';
import { createClubRegistry } from '../../src/hosting/club-registry.js';
import { parseClubRecord } from '../../src/hosting/club-record.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey, testSealer } from '../support/data-key.js';
import { testRedisUrl } from '../support/redis.js';
import { runToExit } from '../support/run-to-exit.js';

/*
 * The admin CLIs as a shell runs them (`npm run jobs`, `npm run discord:link`), on a single club's
 * default prefix: a Redis database of this file's own, so no other test's `club-bot` keys mix in.
 */
const redisUrl = () => `${testRedisUrl()}?db=3`;
const token = 'admin-cli-token';
let simulator: RunningSimulator;
let redis: Redis;

beforeAll(async () => {
  simulator = await startSimulator({ token, members: 30, seed: 5 });
  redis = new Redis(redisUrl(), { maxRetriesPerRequest: null });
  await redis.flushdb();
});
afterAll(async () => {
  await redis.flushdb();
  await redis.quit();
  await simulator.stop();
});

/** The script under tsx with only the club's variables (and PATH); resolves its exit code and output. */
function run(
  script: string,
  args: string[],
  url = redisUrl(),
): Promise<{ code: number | null; out: string }> {
  return runToExit(process.execPath, ['--import', 'tsx', script, ...args], {
    env: {
      PATH: process.env.PATH,
      REDIS_URL: url,
      CLUB_API_URL: simulator.url,
      CLUB_API_TOKEN: token,
      CLUB_DATA_KEY: testDataKey,
    },
  });
}

/** A queue of `prefix` holding command job `jobId`, which a worker has failed for good. */
async function failedJob(connection: Redis, prefix: string, jobId: string) {
  const queue = createClubQueue({ connection, prefix, sealer: testSealer });
  const sealed = testSealer.sealJson({}, jobDataAt(queue.queue.qualifiedName, 'command'));
  await queue.queue.add('command', { sealed }, { jobId });
  const worker = new Worker(
    'club-bot',
    async () => {
      throw new UnrecoverableError('The club service answered 500.');
    },
    { connection: connection.duplicate(), prefix },
  );
  await new Promise((resolve) => worker.once('failed', resolve));
  await worker.close();
  return queue;
}

describe('the admin CLIs as processes', () => {
  it('npm run jobs lists a failed job of the single club and queues it again on retry', async () => {
    const queue = await failedJob(redis, 'club-bot', 'cli-job');

    const listed = await run('src/cli/jobs.ts', ['failed']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      /^cli-job\tcommand\t.+ UTC\t1 of 1 attempts\tThe club service answered 500\.$/m,
    );
    const retried = await run('src/cli/jobs.ts', ['retry', 'cli-job']);
    expect(retried).toEqual({
      code: 0,
      out: 'Job cli-job is queued again with its full retries.\n',
    });
    expect(await queue.queue.getJobState('cli-job')).toBe('waiting');
    await queue.close();
  });

  it('npm run discord:link links by e-mail on a cold cache', async () => {
    const users = simulator.admin.records('users');
    const coach = users.find(
      (user) =>
        user.Active !== 0 &&
        user.IsACoach === 1 &&
        users.filter((other) => other.Email === user.Email).length === 1,
    );
    const linked = await run('src/platforms/discord/link-member.ts', [
      '600000000000000021',
      String(coach?.Email),
    ]);
    expect(linked.code).toBe(0);
    expect(linked.out).toContain(`is now linked to`);
    const links = createMemberLinks(redis, 'club-bot', testSealer);
    expect(await links.get({ platform: 'discord', userId: '600000000000000021' })).toBe(
      coach?.Guid,
    );
  });

  it('in a deployment hosting clubs, both find the club in the registry', async () => {
    const hostedUrl = `${testRedisUrl()}?db=4`;
    const hosted = new Redis(hostedUrl, { maxRetriesPerRequest: null });
    await hosted.flushdb();
    // The defaults fill in the rest (layout auto, 5000 calls, Europe/London, no chats yet).
    const otters = parseClubRecord({ id: 'otters', name: 'Otters', apiUrl: simulator.url, token });
    await createClubRegistry(hosted, testSealer).add(otters);
    const prefix = clubPrefix('otters');
    const queue = await failedJob(hosted, prefix, 'otter-job');
    try {
      const listed = await run('src/cli/jobs.ts', ['failed'], hostedUrl);
      expect(listed.out).toMatch(/^otters\totter-job\tcommand\t/m);
      const coach = simulator.admin
        .records('users')
        .find((user) => user.Active !== 0 && user.IsACoach === 1);
      const linked = await run(
        'src/platforms/discord/link-member.ts',
        ['--club', 'otters', '600000000000000022', String(coach?.Guid)],
        hostedUrl,
      );
      expect(linked.code).toBe(0);
      const links = createMemberLinks(hosted, prefix, testSealer.forClub('otters'));
      expect(await links.get({ platform: 'discord', userId: '600000000000000022' })).toBe(
        coach?.Guid,
      );
    } finally {
      await queue.close();
      await hosted.flushdb();
      await hosted.quit();
    }
  });
});
