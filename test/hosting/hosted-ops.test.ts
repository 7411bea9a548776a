import { afterEach, describe, expect, it } from 'vitest';
import { createClubBoardQueues } from '../../src/hosting/club-board-queues.js';
import { clubsReachable } from '../../src/hosting/clubs-reachable.js';
import { createHeartbeat } from '../../src/ops/heartbeat.js';
import { jobBoardRoute } from '../../src/ops/job-board.js';
import { startOpsServer } from '../../src/ops/ops-routes.js';
import { waitFor } from '../support/wait-for.js';
import { startHostingHarness, type HostingHarness } from './hosting-harness.js';

let host: HostingHarness | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

/** Three uncached reads of a club's that meet no service: enough to count it unreachable. */
async function failThrice(harness: HostingHarness, id: string): Promise<void> {
  await harness.simulators.get(id)!.stop();
  for (let call = 0; call < 3; call += 1) {
    await expect(harness.directory.club(id)!.data.roles()).rejects.toThrow();
  }
}

describe('the ops port of a hosting deployment', () => {
  it('when one club’s service is unreachable, /readyz’s clubs part names it and stays ok; when every called club’s is, it is not ok', async () => {
    host = await startHostingHarness({ clubs: [{ id: 'north' }, { id: 'south' }], noPool: true });
    expect(clubsReachable(host.directory)).toEqual({
      ok: true,
      detail: 'no club service called yet',
    });
    await host.directory.club('north')!.data.members();
    await failThrice(host, 'south');
    const one = clubsReachable(host.directory);
    expect(one.ok).toBe(true);
    expect(one.detail).toMatch(/^1 of 2 club services unreachable \(south: 3 network failures/);
    await failThrice(host, 'north');
    expect(clubsReachable(host.directory).ok).toBe(false);
  });

  it('the worker pool beats after each pass over the clubs, and stops beating once closed', async () => {
    let clock = Date.now();
    const heartbeat = createHeartbeat({ what: 'the pool', now: () => clock });
    host = await startHostingHarness({ clubs: [{ id: 'east' }], heartbeat });
    await waitFor(() => heartbeat.part().ok, 'a beat');
    await host.pool!.close();
    clock += 120_000;
    expect(heartbeat.part()).toEqual({ ok: false, detail: 'the pool last beat 120 s ago' });
  });

  it('the job board lists every registered club’s queue, labelled by club', async () => {
    host = await startHostingHarness({ clubs: [{ id: 'west' }, { id: 'wold' }], noPool: true });
    const { directory, redis } = host;
    const queues = createClubBoardQueues({
      ids: () => directory.ids(),
      prefixOf: (id) => directory.prefixOf(id),
      redis,
    });
    const board = jobBoardRoute({ user: 'ops', password: 'secret', queues: queues.list })!;
    const server = await startOpsServer(0, [board], '127.0.0.1');
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/jobs/api/queues`, {
        headers: { Authorization: `Basic ${Buffer.from('ops:secret').toString('base64')}` },
      });
      const { queues } = (await answer.json()) as { queues: { name: string }[] };
      expect(queues.map((queue) => queue.name).sort()).toEqual([
        'west: club-bot',
        'wold: club-bot',
      ]);
      // Looking built no club's services: an idle club still costs only its record.
      expect(directory.built()).toEqual([]);
    } finally {
      await server.stop();
      await queues.close();
    }
  });
});
