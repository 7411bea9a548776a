import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache } from '../../src/cache/read-cache.js';
import { createCodeOfConductRead } from '../../src/cache/read-code-of-conduct.js';
import { createClubApi } from '../../src/club/club-api.js';
import { createClubLayout } from '../../src/club/club-layout.js';
import { createClubClient } from '../../src/club/create-club-client.js';
import { ClubServiceFaultError } from '../../src/club/club-errors.js';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../src/simulator/start-simulator.js';
import { testSealer } from '../support/data-key.js';
import { connectionsClosedAfterAll, uniquePrefix } from '../support/redis.js';

const connect = connectionsClosedAfterAll();
const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.stop()));
});

const day = 24 * 60 * 60 * 1000;

/** The code-of-conduct read against a simulator, on an injected clock, in the host's layout. */
async function readerFor(options: Partial<SimulatorOptions> = {}) {
  const sim = await startSimulator({ token: 'coc', members: 60, seed: 4, ...options });
  running.push(sim);
  const clock = { now: 1_800_000_000_000 };
  const now = () => clock.now;
  const redis = connect();
  const prefix = uniquePrefix('coc');
  const cache = createReadCache({ sealer: testSealer, redis, prefix, freshMs: 3_600_000, now });
  const api = createClubApi(
    createClubClient({
      baseUrl: sim.url,
      token: 'coc',
      layout: createClubLayout({ setting: 'auto' }),
      timeoutMs: 2000,
    }),
    { token: 'coc' },
  );
  const read = createCodeOfConductRead({ cache, apiFor: () => api, redis, prefix, now });
  return { sim, read, clock, cache, redis, prefix };
}

describe('reading the code of conduct where the host has it', () => {
  it('when the host serves it, then the list and each code are read once, and the next read is the cache’s', async () => {
    const { sim, read } = await readerFor({ profile: 'real' });
    const reading = await read();
    const stored = sim.admin.records('CodeOfConduct');
    expect(reading).toMatchObject({ served: true, stale: false });
    if (!reading.served) throw new Error('not served');
    expect(reading.codes.map((code) => [code.guid, code.title])).toEqual(
      stored.map((code) => [code.Guid, code.Title]),
    );
    expect(reading.codes.at(-1)?.agreements).toEqual(
      (stored.at(-1)?.Members as { Guid: string; DateAgreed: string }[]).map((member) => ({
        guid: member.Guid,
        dateAgreed: member.DateAgreed,
      })),
    );
    const calls = sim.admin.calls().total;
    expect(calls).toBe(1 + stored.length + 1); // the layout probe's 404 on /api/CodeOfConduct, then the list and each code
    await read();
    expect(sim.admin.calls().total).toBe(calls);
  });

  it('when the host answers 404, then it is "not served" without an error, and not asked again for a day', async () => {
    const { sim, read, clock, cache, redis, prefix } = await readerFor({ beyondSpec: false });
    expect(await read()).toEqual({ served: false });
    const asked = sim.admin.calls().total;
    expect(asked).toBe(2); // both layouts said 404: the host lacks the collection
    expect(await redis.pttl(`${prefix}:not-served:CodeOfConduct`)).toBeGreaterThan(day - 60_000);

    clock.now += day - 1;
    expect(await read()).toEqual({ served: false });
    expect(sim.admin.calls().total).toBe(asked);

    clock.now += 2;
    expect(await read()).toEqual({ served: false });
    await cache.settle();
    expect(sim.admin.calls().total).toBeGreaterThan(asked);
    const again = sim.admin.calls().total;
    expect(await read()).toEqual({ served: false });
    expect(sim.admin.calls().total).toBe(again);
  });

  it('when the host fails otherwise, then the failure is thrown and nothing is remembered as not served', async () => {
    const { sim, read, redis, prefix } = await readerFor({
      layout: 'bare',
      faults: { errorRate: 1, paths: ['GET /api/CodeOfConduct'] },
    });
    await expect(read()).rejects.toBeInstanceOf(ClubServiceFaultError);
    expect(await redis.exists(`${prefix}:not-served:CodeOfConduct`)).toBe(0);
    sim.admin.setFaults({ errorRate: 0 });
    expect(await read()).toMatchObject({ served: true });
  });

  it('when Redis holds something else under the key, then it counts as nothing remembered', async () => {
    const { read, redis, prefix } = await readerFor();
    await redis.set(`${prefix}:not-served:CodeOfConduct`, 'forever');
    expect(await read()).toMatchObject({ served: true });
  });
});
