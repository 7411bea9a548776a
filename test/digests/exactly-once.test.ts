import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClubQueue, jobDataAt } from '../../src/jobs/club-queue.js';
import { createSubscriptionStore } from '../../src/digests/subscription-store.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import { testSealer } from '../support/data-key.js';
import { connectTestRedis, testRedisUrl, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';
import { clubKeys } from '../../src/redis/club-keys.js';

const token = 'digest-once-token';
const redis = connectTestRedis();
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});
afterAll(() => redis.quit());

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/digests/fixtures/digest-worker.ts'],
    { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on(
      'line',
      (line) => line === 'ready' && resolve(child),
    );
    child.once('exit', (code, signal) =>
      reject(new Error(`worker exited early (${code ?? signal})`)),
    );
  });
}

describe('a digest occurrence across worker processes', () => {
  it('when two workers share the queue and the one running the digest is killed after posting, then the other finishes it and it is posted once', async () => {
    const simulator = await startSimulator({ token, members: 60, seed: 5 });
    const prefix = uniquePrefix('digest-once');
    const sealer = testSealer;
    const queue = createClubQueue({ connection: connectTestRedis(), prefix, sealer });
    try {
      const env = {
        REDIS_URL: testRedisUrl(),
        CLUB_API_URL: simulator.url,
        CLUB_API_TOKEN: token,
        TEST_PREFIX: prefix,
        TEST_LOCK_MS: '1000',
        TEST_STALLED_MS: '500',
      };
      const store = createSubscriptionStore(redis, prefix, sealer);
      const occurrence = Date.now() - 1_000;
      const subscription = await store.add({
        kind: 'deadlines',
        schedule: { at: '08:00' },
        platform: 'console',
        channelId: 'pool',
        addedBy: { platform: 'console', userId: 'coach' },
        addedAt: occurrence - 86_400_000,
      });
      const dying = await startWorker({ ...env, DIE_AFTER_POST: '1' });
      const exited = new Promise((resolve) => dying.once('exit', resolve));
      // As its job scheduler would: one job for the occurrence, due now.
      await queue.queue.add(
        'digest',
        {
          sealed: sealer.sealJson(
            { subscriptionId: subscription.id },
            jobDataAt(queue.queue.qualifiedName, 'digest'),
          ),
        },
        { prevMillis: occurrence, attempts: 4 },
      );
      await exited;
      expect(dying.signalCode).toBe('SIGKILL');
      const stream = clubKeys(prefix).outbox.stream;
      expect(await redis.xlen(stream)).toBe(1);

      await startWorker(env);
      await startWorker(env);
      await waitFor(
        async () =>
          (await queue.queue.getJobCounts('completed')).completed === 1 ? true : undefined,
        'the digest job to complete',
        20_000,
      );
      expect(await redis.xlen(stream)).toBe(1);
      expect((await store.state(subscription.id)).lastOccurrence).toBe(occurrence);
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close();
      await simulator.stop();
    }
  }, 60_000);
});
