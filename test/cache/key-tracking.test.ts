import { anyKey } from '../support/any-cache-key.js';
import { testSealer } from '../support/data-key.js';
import { describe, expect, it, vi } from 'vitest';
import { createMemberLinks } from '../../src/access/asker.js';
import { createReadCache } from '../../src/cache/read-cache.js';
import { uniquePrefix } from '../support/redis.js';
import { trackedCaches } from '../support/tracked-cache.js';

const { connect, trackedCache } = trackedCaches();

const load = (value: string[]) => async () => value;

describe('holding cache entries until Redis tells of a change', () => {
  it('reads an unchanged entry from memory after the first read, with no round trip', async () => {
    const { cache, reads } = await trackedCache(uniquePrefix('track'));
    await cache.read(anyKey('members'), load(['Ada']));
    // The notice of its own write drops the first copy; the next read from Redis is held.
    await vi.waitFor(async () => {
      const before = reads.mock.calls.length;
      await cache.peek(anyKey('members'));
      expect(reads.mock.calls.length).toBe(before);
    });
    const after = reads.mock.calls.length;
    for (let i = 0; i < 5; i += 1) {
      expect((await cache.read(anyKey('members'), load(['never']))).value).toEqual(['Ada']);
    }
    expect(reads.mock.calls.length).toBe(after);
  });

  it('sees another process invalidate an entry as soon as the notice arrives', async () => {
    const prefix = uniquePrefix('track');
    const { cache } = await trackedCache(prefix);
    await cache.read(anyKey('members'), load(['Ada']));
    await cache.read(anyKey('members'), load(['Ada']));
    const other = createReadCache({ sealer: testSealer, redis: connect(), prefix });
    await other.invalidate('members');
    await vi.waitFor(async () => expect((await cache.peek(anyKey('members')))?.stale).toBe(true));
  });

  it('sees its own invalidation at once, without waiting for the notice', async () => {
    const { cache } = await trackedCache(uniquePrefix('track'));
    await cache.read(anyKey('incidents'), load(['first']));
    await cache.invalidate('incidents');
    expect((await cache.peek(anyKey('incidents')))?.stale).toBe(true);
  });

  it('reads from Redis again after the notices connection drops, until it is back', async () => {
    const { redis, tracking, cache, reads } = await trackedCache(uniquePrefix('track'));
    await cache.read(anyKey('roles'), load(['Coach']));
    await redis.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await vi.waitFor(() => expect(tracking.live()).toBe(false));
    const before = reads.mock.calls.length;
    await cache.peek(anyKey('roles'));
    expect(reads.mock.calls.length).toBe(before + 1);
    await vi.waitFor(() => expect(tracking.live()).toBe(true), { timeout: 5_000 });
    await cache.peek(anyKey('roles'));
    const afterReconnect = reads.mock.calls.length;
    await cache.peek(anyKey('roles'));
    expect(reads.mock.calls.length).toBe(afterReconnect);
  });

  it('holds member links in memory, sees a link made by another process, and its own change at once', async () => {
    const prefix = uniquePrefix('track');
    const { redis, tracking } = await trackedCache(prefix);
    const links = createMemberLinks(redis, prefix, testSealer, tracking);
    const user = { platform: 'discord' as const, userId: 'D1' };
    expect(await links.get(user)).toBeUndefined();
    const hgetall = vi.spyOn(redis, 'hgetall');
    expect(await links.get(user)).toBeUndefined();
    expect(hgetall).not.toHaveBeenCalled();
    await createMemberLinks(connect(), prefix, testSealer).set(user, 'GUID-1');
    await vi.waitFor(async () => expect(await links.get(user)).toBe('GUID-1'));
    await links.remove(user);
    expect(await links.get(user)).toBeUndefined();
  });
});
