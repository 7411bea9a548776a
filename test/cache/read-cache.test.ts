import { anyKey } from '../support/any-cache-key.js';
import { testSealer } from '../support/data-key.js';
import { describe, expect, it } from 'vitest';
import { BudgetDeniedError } from '../../src/budget/daily-budget.js';
import { createReadCache } from '../../src/cache/read-cache.js';
import { WaitingOnAnotherProcessError } from '../../src/errors.js';
import { connectionsClosedAfterAll, uniquePrefix } from '../support/redis.js';

const connect = connectionsClosedAfterAll();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the read cache', () => {
  it('when ten readers on ten connections miss a cold entry together, one load serves them all', async () => {
    const prefix = uniquePrefix('cache');
    let loads = 0;
    const load = async () => {
      loads += 1;
      await sleep(100);
      return ['Ada', 'Ben'];
    };
    const readers = Array.from({ length: 10 }, () =>
      createReadCache({ sealer: testSealer, redis: connect(), prefix }),
    );
    const results = await Promise.all(readers.map((cache) => cache.read(anyKey('members'), load)));
    expect(loads).toBe(1);
    expect(results.map((result) => result.value)).toEqual(readers.map(() => ['Ada', 'Ben']));
    expect(results.every((result) => !result.stale)).toBe(true);
  });

  it('when an entry is stale, it is served at once while one background refresh runs', async () => {
    let clock = 1_000_000;
    const cache = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix: uniquePrefix('cache'),
      freshMs: 60_000,
      now: () => clock,
    });
    await cache.read(anyKey('sessions'), async () => 'first');
    clock += 61_000;
    let refreshes = 0;
    let finishRefresh: () => void = () => undefined;
    const slowLoad = (mode: 'interactive' | 'background') => {
      refreshes += 1;
      expect(mode).toBe('background');
      return new Promise<string>((resolve) => (finishRefresh = () => resolve('second')));
    };
    const [a, b] = await Promise.all([
      cache.read(anyKey('sessions'), slowLoad),
      cache.read(anyKey('sessions'), slowLoad),
    ]);
    expect([a.value, a.stale, b.value, b.stale]).toEqual(['first', true, 'first', true]);
    expect(a.fetchedAt).toBe(1_000_000);
    expect(refreshes).toBe(1);
    finishRefresh();
    await cache.settle();
    const after = await cache.read(anyKey('sessions'), slowLoad);
    expect([after.value, after.stale, after.fetchedAt]).toEqual(['second', false, clock]);
  });

  it('when the process loading an entry died holding its lease, a waiting reader takes the load over within one lease', async () => {
    const prefix = uniquePrefix('cache');
    const lockMs = 300;
    // What a worker killed mid-load leaves: the lease, never renewed, and no entry.
    await connect().set(`${prefix}:cache-lock:roles`, 'dead-worker', 'PX', lockMs);
    const cache = createReadCache({ sealer: testSealer, redis: connect(), prefix, lockMs });
    const started = Date.now();
    let loads = 0;
    const read = await cache.read(anyKey('roles'), async () => {
      loads += 1;
      return ['Welfare officer'];
    });
    expect(read.value).toEqual(['Welfare officer']);
    expect(loads).toBe(1);
    expect(Date.now() - started).toBeLessThan(lockMs + 200);
  });

  it('when another process is still loading past the reader’s wait, the reader is told to try again later, not failed', async () => {
    const prefix = uniquePrefix('cache');
    const loader = createReadCache({ sealer: testSealer, redis: connect(), prefix, lockMs: 1_000 });
    let finish: () => void = () => undefined;
    let loading: () => void = () => undefined;
    const loaderHoldsLease = new Promise<void>((resolve) => (loading = resolve));
    const slow = loader.read(anyKey('members'), () => {
      loading();
      return new Promise<string[]>((resolve) => (finish = () => resolve(['Ada'])));
    });
    // The waiter comes once the loader is loading, so it is the loader that holds the lease.
    await loaderHoldsLease;
    const waiter = createReadCache({ sealer: testSealer, redis: connect(), prefix, waitMs: 400 });
    // The live loader holds its lease all through the waiter's wait (a lease longer than the wait,
    // so a stalled event loop on a busy machine cannot let it lapse; renewal is test/redis's).
    await expect(waiter.read(anyKey('members'), async () => ['never'])).rejects.toBeInstanceOf(
      WaitingOnAnotherProcessError,
    );
    finish();
    expect((await slow).value).toEqual(['Ada']);
    expect((await waiter.read(anyKey('members'), async () => ['never'])).value).toEqual(['Ada']);
  });

  it('when the budget refuses a cold load, the reader is told and the next reader may try', async () => {
    const cache = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix: uniquePrefix('cache'),
    });
    const denied = () => Promise.reject(new BudgetDeniedError('interactive', 123));
    await expect(cache.read(anyKey('events'), denied)).rejects.toBeInstanceOf(BudgetDeniedError);
    const later = await cache.read(anyKey('events'), async () => ['Gala']);
    expect(later.value).toEqual(['Gala']);
  });

  it('when the budget refuses a refresh, the stale entry is still served with its age', async () => {
    let clock = 5_000_000;
    const cache = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix: uniquePrefix('cache'),
      freshMs: 1_000,
      now: () => clock,
    });
    await cache.read(anyKey('meets'), async () => ['County Champs']);
    clock += 10_000;
    const stale = await cache.read(anyKey('meets'), () =>
      Promise.reject(new BudgetDeniedError('background', clock + 60_000)),
    );
    await cache.settle();
    expect([stale.value, stale.stale, stale.fetchedAt]).toEqual([
      ['County Champs'],
      true,
      5_000_000,
    ]);
  });

  it('after a write invalidates an entry, it reads as stale', async () => {
    const cache = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix: uniquePrefix('cache'),
    });
    await cache.read(anyKey('incidents'), async () => []);
    await cache.invalidate('incidents');
    expect((await cache.peek(anyKey('incidents')))?.stale).toBe(true);
  });

  it('peek never loads, and ages report when each entry was fetched', async () => {
    let clock = 42_000;
    const cache = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix: uniquePrefix('cache'),
      now: () => clock,
    });
    expect(await cache.peek(anyKey('roles'))).toBeUndefined();
    await cache.read(anyKey('roles'), async () => ['Chair']);
    clock += 5;
    expect(await cache.ages(['roles', 'groups'])).toEqual([
      { key: 'roles', fetchedAt: 42_000 },
      { key: 'groups', fetchedAt: null },
    ]);
  });

  it('when an entry has not changed, every read in a process shares one parsed copy', async () => {
    const prefix = uniquePrefix('cache');
    const cache = createReadCache({ sealer: testSealer, redis: connect(), prefix });
    await cache.read(anyKey('members'), async () => [{ guid: 'a' }, { guid: 'b' }]);
    const first = await cache.read(anyKey('members'), async () => []);
    const second = await cache.peek(anyKey('members'));
    expect(second?.value).toBe(first.value);
  });

  it('when another process refreshes an entry, even within the same millisecond, the next read sees the new value', async () => {
    const prefix = uniquePrefix('cache');
    const clock = 7_000_000;
    const reader = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix,
      now: () => clock,
    });
    const writer = createReadCache({
      sealer: testSealer,
      redis: connect(),
      prefix,
      now: () => clock,
    });
    await reader.read(anyKey('sessions'), async () => ['Tuesday squad']);
    expect((await reader.read(anyKey('sessions'), async () => [])).value).toEqual([
      'Tuesday squad',
    ]);
    await writer.invalidate('sessions');
    await writer.read(anyKey('sessions'), async () => ['Thursday squad']);
    await writer.settle();
    const after = await reader.read(anyKey('sessions'), async () => []);
    expect([after.value, after.fetchedAt, after.stale]).toEqual([['Thursday squad'], clock, false]);
  });
});
