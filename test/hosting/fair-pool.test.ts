import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ClubFetcher } from '../../src/hosting/club-fetcher.js';
import { clubWorkerSettings } from '../../src/jobs/club-worker-settings.js';
import { type CommandRequest, jobDataAt } from '../../src/jobs/club-queue.js';
import { startHostingHarness, type HostingHarness } from './hosting-harness.js';
import { waitFor } from '../support/wait-for.js';

let host: HostingHarness | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

/** A command as the dispatcher enqueues it, straight into a club's queue (no doorbell). */
const request = (line: string): CommandRequest => {
  const id = randomUUID();
  const [slash = '', ...rest] = line.split(' ');
  return {
    id,
    command: slash.slice(1),
    options: rest.length ? { when: rest.join(' ') } : {},
    user: { platform: 'console', userId: 'tester' },
    replyTo: { platform: 'console', conversationId: id },
    receivedAt: Date.now(),
  };
};

describe('one worker pool for every club', () => {
  it('when one club floods its queue, another club’s command is answered before the flood is through', async () => {
    const finished: string[] = [];
    host = await startHostingHarness({
      clubs: [{ id: 'flood' }, { id: 'calm' }],
      noPool: true,
      concurrency: 2,
      onFinished: (event) => finished.push(event.id),
    });
    // Warm caches on both sides, so each job is as quick as the next and the order is the pool's.
    for (const id of ['flood', 'calm']) {
      const { data } = host.directory.club(id)!;
      await Promise.all([data.members(), data.roles(), data.sessions()]);
    }
    const flood: string[] = [];
    for (let i = 0; i < 120; i += 1) flood.push((await host.send('flood', '/sessions')).id);
    const { id: calm } = await host.send('calm', '/sessions');
    host.startPool();
    await waitFor(() => host?.replies.get(calm), 'the calm club’s answer', 15_000);
    // In turns, the calm club's job is among the first two started; first in, first out it would
    // wait for all 120.
    expect(finished.indexOf(calm)).toBeLessThan(10);
    await waitFor(
      () => flood.every((id) => host?.replies.has(id)),
      'the flood to be answered',
      30_000,
    );
  });

  it('when a club’s service is slow, it holds at most half the slots and another club is answered at once', async () => {
    host = await startHostingHarness({
      clubs: [{ id: 'slow', simulator: { latencyMs: 1_500 } }, { id: 'quick' }],
      concurrency: 4,
    });
    await host
      .send('quick', '/sessions')
      .then(({ id }) => waitFor(() => host?.replies.get(id), 'warm-up'));
    const slow: string[] = [];
    for (let i = 0; i < 8; i += 1) slow.push((await host.send('slow', '/sessions')).id);
    await waitFor(() => (host?.pool?.running() ?? 0) >= 2, 'the slow club’s jobs to start');
    expect(host.pool?.running()).toBe(2);
    const began = Date.now();
    const { id } = await host.send('quick', '/sessions');
    await waitFor(() => host?.replies.get(id), 'the quick club’s answer');
    expect(Date.now() - began).toBeLessThan(1_000);
  });

  it('when a job was enqueued without a ring, the sweep finds it', async () => {
    host = await startHostingHarness({ clubs: [{ id: 'quiet' }], sweepMs: 200 });
    const queued = request('/sessions');
    const { queue, sealer } = host.directory.club('quiet')!;
    await queue.queue.add('command', {
      sealed: sealer.sealJson({ request: queued }, jobDataAt(queue.queue.qualifiedName, 'command')),
    });
    await waitFor(() => host?.replies.get(queued.id), 'the unrung command’s answer');
  });

  it('when a process dies holding a job, another takes it over once its lock lapses', async () => {
    host = await startHostingHarness({
      clubs: [{ id: 'orphan' }],
      noPool: true,
      sweepMs: 300,
      lockDurationMs: 600,
    });
    const club = host.directory.club('orphan')!;
    const { id } = await host.send('orphan', '/sessions');
    // A process that takes the job, then dies: its lock is never renewed, the job never finished.
    const dead = new ClubFetcher(async () => ({ outcome: 'answered' }), {
      ...clubWorkerSettings({
        connection: club.queueConnection,
        prefix: club.prefix,
        lockDurationMs: 600,
      }),
    });
    expect(await dead.next()).toBeDefined();
    host.startPool();
    await waitFor(() => host?.replies.get(id), 'the orphaned command’s answer', 15_000);
    await dead.close();
  });
});
