import { testSealer } from '../support/data-key.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createClubQueue,
  type ClubQueue,
  type CommandRequest,
  type FormSubmission,
} from '../../src/jobs/club-queue.js';
import { createReplyOutbox } from '../../src/delivery/reply-outbox.js';
import { environmentClubId } from '../../src/hosting/environment-directory.js';
import { doorbellsOf } from '../../src/hosting/start-club-work.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { connectTestRedis, testRedisUrl, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

const token = 'pipeline-token-91c4';
const children: ChildProcess[] = [];
let redis: Redis;

beforeAll(() => {
  redis = connectTestRedis();
});
afterEach(async () => {
  await Promise.all(children.splice(0).map(stopChild));
});
afterAll(async () => {
  await redis.quit();
});

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts a real worker process; resolves once it takes jobs. */
function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/jobs/fixtures/worker-process.ts'],
    {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => line === 'ready' && resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited early with ${code}`)));
  });
}

/** Waits until `condition` holds (polling), or fails after `timeoutMs`. */
const until = (condition: () => boolean | Promise<boolean>, timeoutMs?: number) =>
  waitFor(condition, 'the condition', timeoutMs);

const user = { platform: 'console' as const, userId: 'tester' };

function command(name: string, options: Record<string, string> = {}): CommandRequest {
  const id = randomUUID();
  return {
    id,
    command: name,
    options,
    user,
    replyTo: { platform: 'console', conversationId: id },
    receivedAt: Date.now(),
  };
}

function incidentForm(title: string, reporter: string, key = randomUUID()): FormSubmission {
  return {
    id: randomUUID(),
    key,
    form: 'incident',
    values: {
      title,
      date: '2026-11-20',
      details: 'Seen from the gallery.',
      proposedAction: '',
      reporter,
    },
    user,
    replyTo: { platform: 'console', conversationId: key },
    receivedAt: Date.now(),
  };
}

interface Setup {
  simulator: RunningSimulator;
  queue: ClubQueue;
  prefix: string;
  env: Record<string, string>;
  /** Full names of seeded members, to ask for and to report under. */
  names: string[];
  close(): Promise<void>;
}

async function setup(
  simulatorOptions: Partial<Parameters<typeof startSimulator>[0]>,
  env: Record<string, string> = {},
): Promise<Setup> {
  const simulator = await startSimulator({ token, members: 120, seed: 3, ...simulatorOptions });
  // Keys and doorbells of the test's own; the queue rings the workers' pools, as the bot does.
  const prefix = uniquePrefix('pipeline');
  const connection = connectTestRedis();
  const queue = createClubQueue({
    connection,
    prefix,
    sealer: testSealer,
    doorbell: { bell: doorbellsOf(connection, prefix).jobs, clubId: environmentClubId },
  });
  const names = simulator.admin
    .records('users')
    .filter((record) => record.Active !== 0)
    .map((record) => `${String(record.Firstname)} ${String(record.Lastname)}`);
  return {
    simulator,
    queue,
    prefix,
    names: [...new Set(names)],
    env: {
      REDIS_URL: testRedisUrl(),
      CLUB_API_URL: simulator.url,
      CLUB_API_TOKEN: token,
      TEST_PREFIX: prefix,
      // The tester is not linked to a member: their reports are filed under this one.
      CLUB_REPORTS_MEMBER: String(simulator.admin.records('users')[0]?.Guid),
      ...env,
    },
    async close() {
      await queue.close();
      await queue.queue.disconnect();
      await simulator.stop();
    },
  };
}

async function replies(
  prefix: string,
): Promise<{ conversationId: string; interim: boolean; text: string; pid: number }[]> {
  return (await redis.lrange(`${prefix}:test-replies`, 0, -1)).map((line) => JSON.parse(line));
}

/** No job waiting or running, and every reply the workers left delivered (they deliver them). */
async function idle(queue: ClubQueue, prefix: string): Promise<boolean> {
  const counts = await queue.queue.getJobCounts('waiting', 'active', 'prioritized');
  const running = (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0);
  return running === 0 && (await createReplyOutbox(redis, prefix, testSealer).pending()) === 0;
}

describe('the job pipeline with real worker processes', () => {
  it('when four worker processes hammer a budget of 50, the club service sees at most 50 calls and no 403', async () => {
    const run = await setup(
      {},
      {
        CLUB_DAILY_LIMIT: '50',
        CACHE_FRESH_SECONDS: '1',
        // One tester asks everything: this is about the club's budget, not one person's share.
        CLUB_PERSON_DAILY_SHARE: '100%',
        CLUB_PERSON_DAILY_FORMS: '1000',
      },
    );
    try {
      await Promise.all(Array.from({ length: 4 }, () => startWorkerProcess(run.env)));
      // Each /member by a welfare officer reads the member's health fields: one call each.
      const jobs = [
        ...run.names
          .slice(0, 80)
          .map((name) => run.queue.enqueueCommand(command('member details', { name }))),
        ...run.names
          .slice(0, 20)
          .map((name, index) => run.queue.enqueueForm(incidentForm(`Hammer ${index}`, name))),
      ];
      await Promise.all(jobs);
      await until(() => idle(run.queue, run.prefix), 60_000);
      const calls = run.simulator.admin.calls();
      expect(calls.total).toBeGreaterThan(40);
      expect(calls.total).toBeLessThanOrEqual(50);
      expect(JSON.stringify(calls)).not.toContain('403');
      const delayed = await run.queue.queue.getJobCounts('delayed');
      expect(delayed.delayed).toBeGreaterThan(0);
      // Those left waiting were told once that their answer is queued.
      const told = (await replies(run.prefix)).filter((reply) => reply.interim);
      expect(told.length).toBe(delayed.delayed);
    } finally {
      await run.close();
    }
  }, 90_000);

  it('when the service says only 5 calls remain at the start, at most 5 calls are made and none is refused', async () => {
    const run = await setup({ remaining: 5 });
    try {
      await startWorkerProcess(run.env);
      for (const name of run.names.slice(0, 10))
        await run.queue.enqueueCommand(command('member details', { name }));
      for (const name of run.names.slice(0, 3))
        await run.queue.enqueueForm(incidentForm(`Few calls ${name}`, name));
      await until(() => idle(run.queue, run.prefix), 30_000);
      const calls = run.simulator.admin.calls();
      expect(calls.total).toBeLessThanOrEqual(5);
      expect(JSON.stringify(calls)).not.toContain('403');
    } finally {
      await run.close();
    }
  }, 60_000);

  it('when a worker is killed mid-filing, another finishes the job and the incident is filed exactly once', async () => {
    const run = await setup(
      { faults: { latencyMs: 1_500, paths: ['POST /api/IncidentBook'] } },
      { TEST_LOCK_MS: '1000', TEST_STALLED_MS: '500' },
    );
    try {
      const first = await startWorkerProcess(run.env);
      const reporter = run.names[0] ?? '';
      const submission = incidentForm('Killed mid-filing', reporter);
      await run.queue.enqueueForm(submission);
      // Kill the worker while the service is still answering its POST: the service files the
      // incident, but the answer is lost with the process.
      await until(() => JSON.stringify(run.simulator.admin.calls()).includes('POST'), 20_000).catch(
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      await startWorkerProcess(run.env);
      await until(
        async () =>
          (await replies(run.prefix)).some((reply) => reply.text.includes('Incident filed')),
        30_000,
      );
      const filed = run.simulator.admin
        .records('incidents')
        .filter((record) => record.IncidentTitle === 'Killed mid-filing');
      expect(filed).toHaveLength(1);
      // One POST (by the killed worker); the second worker looked for the record instead of posting.
      const posts = run.simulator.admin.calls().calls.filter((call) => call.method === 'POST');
      expect(posts.reduce((sum, call) => sum + call.count, 0)).toBe(1);
      // The same submission sent again (a platform retry) files nothing more.
      await run.queue.enqueueForm({ ...submission, id: randomUUID() });
      await until(() => idle(run.queue, run.prefix));
      expect(
        run.simulator.admin
          .records('incidents')
          .filter((record) => record.IncidentTitle === 'Killed mid-filing'),
      ).toHaveLength(1);
    } finally {
      await run.close();
    }
  }, 60_000);

  it('when a worker is told to stop (SIGTERM) mid-job, it finishes the job, answers, and exits cleanly', async () => {
    const run = await setup({ faults: { latencyMs: 800, paths: ['GET /api/WhosWho'] } });
    try {
      const worker = await startWorkerProcess(run.env);
      const request = command('whoswho');
      await run.queue.enqueueCommand(request);
      await until(async () => (await run.queue.queue.getJobCounts('active')).active === 1);
      const exited = new Promise<number | null>((resolve) =>
        worker.once('exit', (code) => resolve(code)),
      );
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
      const answers = (await replies(run.prefix)).filter(
        (reply) => reply.conversationId === request.id,
      );
      expect(answers).toHaveLength(1);
      expect(answers[0]?.text).toContain("Who's who");
    } finally {
      await run.close();
    }
  }, 30_000);
});
