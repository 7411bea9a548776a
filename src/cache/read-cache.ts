import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { WaitingOnAnotherProcessError } from '../errors.js';
import { takeLease, whileHeld, type Lease } from '../redis/redis-lease.js';
import { invalidateScript, readScript } from './entry-scripts.js';
import { deepFreeze } from './deep-freeze.js';
import type { Sealer } from '../redis/sealer.js';
import type { Cached } from '../core/club-data.js';
import { writeTracked, type KeyTracking } from './key-tracking.js';
import { clubKeys } from '../redis/club-keys.js';
import { stringsReply } from '../redis/redis-script.js';
import type { CacheKey, Entry, KeyMemo } from './cache-key.js';

/** Options for {@link createReadCache}. */
export interface ReadCacheOptions {
  redis: Redis;
  /** Seals each value in Redis: the club's lists hold personal data. */
  sealer: Sealer;
  /** Key prefix shared by every process, e.g. `'club-bot'`. */
  prefix: string;
  /** How long an entry counts as fresh, for every key or by key. Default: 15 minutes. */
  freshMs?: number | ((key: string) => number);
  /** How long an entry is kept at all, to be served stale when no call can be made. Default: 7 days. */
  keepMs?: number;
  /**
   * The lease a load holds on its key, renewed while it loads: a process that dies loading frees
   * the key this soon, and a waiting reader takes the load over. Default: 5 s.
   */
  lockMs?: number;
  /**
   * How long a reader of a cold entry waits for another process's live load before its job is
   * retried ({@link WaitingOnAnotherProcessError}). Default: 20 s.
   */
  waitMs?: number;
  now?: () => number;
  /**
   * Tells when entries change, so an entry read once is used from memory until it does: a read
   * of an unchanged entry then costs no round trip to Redis. Without it, every read asks Redis.
   */
  tracking?: KeyTracking;
  /** Told about every read: a fresh hit, a stale hit or a miss (for metrics). */
  onRead?: (key: string, outcome: 'fresh' | 'stale' | 'miss') => void;
  /** Told about refreshes that failed in the background (the stale entry is still served). */
  onBackgroundError?: (key: string, error: unknown) => void;
}

/** Loads a collection; `mode` says whether a person is waiting (`interactive`) or not (`background`). */
export type Loader<T> = (mode: 'interactive' | 'background') => Promise<T>;

/**
 * Cache-aside in Redis with one refresh per key at a time across all processes: a fresh entry is
 * served as is; a stale one is served while one background refresh runs; a missing one is loaded
 * once while other readers wait for it. Values are shared by every read in a process until the
 * entry changes, so they are deep-frozen: a handler that changed one would change every later reply.
 */
export interface ReadCache {
  /** The entry, parsed with its key's schema: one that fails it is absent, and loaded again. */
  read<T>(key: CacheKey<T>, load: Loader<T>): Promise<Cached<T>>;
  /** The entry as it is, without loading or refreshing (adapters use it: they never call the club). */
  peek<T>(key: CacheKey<T>): Promise<Cached<T> | undefined>;
  /** Marks an entry stale after a write, so the next read refreshes it. */
  invalidate(key: string): Promise<void>;
  /** Loads an entry again now (after a write, so the writer's next look has it); else invalidates it. */
  refresh(key: string, load: Loader<unknown>): Promise<void>;
  /** When each key was fetched (null when absent). */
  ages(keys: readonly string[]): Promise<{ key: string; fetchedAt: number | null }[]>;
  /** Waits for refreshes started in the background (for shutdown and tests). */
  settle(): Promise<void>;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const { redis, prefix } = options;
  const fresh = options.freshMs ?? 15 * 60_000;
  const freshMsOf = typeof fresh === 'number' ? () => fresh : fresh;
  const keepMs = options.keepMs ?? 7 * 24 * 3_600_000;
  const lockMs = options.lockMs ?? 5_000;
  const waitMs = options.waitMs ?? 20_000;
  const now = options.now ?? Date.now;
  const background = new Set<Promise<void>>();
  // Each key's memo of this cache (see cache-key.ts), under this object: parsing a collection (a
  // whole club's members) on every read cost more than the rest of a command.
  const owner = {};
  const memoOf = <T>(key: CacheKey<T>): KeyMemo<T> => {
    const known = key.memo.get(owner);
    if (known) return known;
    const memo: KeyMemo<T> = {};
    key.memo.set(owner, memo);
    return memo;
  };
  const { tracking } = options;
  // When each key's last refresh in this process failed: its stale copy is then said to be so.
  const failedAt = new Map<string, number>();
  const { cache: entryKey, cacheLock: lockKey } = clubKeys(prefix);
  const sealedAt = (at: string) => ({ kind: 'cache' as const, key: at, field: 'value' });

  // An entry is a hash, so its age and version are read without reading (and parsing) its value.
  async function get<T>(key: CacheKey<T>): Promise<Entry<T> | undefined> {
    const memo = memoOf(key);
    const known = memo.held;
    if (known && tracking?.unchangedSince(entryKey(key.name), known.mark)) return known.entry;
    const mark = tracking?.mark();
    const entry = await getFromRedis(key);
    memo.held = mark === undefined || !entry ? undefined : { entry, mark };
    return entry;
  }

  async function getFromRedis<T>(key: CacheKey<T>): Promise<Entry<T> | undefined> {
    const memo = memoOf(key);
    const copy = memo.parsed;
    const at = entryKey(key.name);
    const reply = stringsReply.parse(await readScript.run(redis, [at], [copy?.version ?? '']));
    if (!reply) return undefined;
    const [fetchedAt, invalid, version, text] = reply;
    let value: T;
    if (reply.length === 3 && copy) value = copy.value;
    else {
      if (text == null) return undefined;
      // Sealed under a dropped key, damaged, moved (it opens in its own field only), or of a shape
      // this release does not read (the sealer logs that once, without the value): absent.
      const opened = options.sealer.openJsonOrAbsent(text, sealedAt(at), key.schema);
      if (opened === undefined) return undefined;
      value = deepFreeze(opened);
      if (version) memo.parsed = { version, value };
    }
    return { fetchedAt: Number(fetchedAt), invalid: invalid === '1', value };
  }

  const lock = (key: string) => takeLease(redis, lockKey(key), lockMs);

  /** Loads and stores the entry, renewing the lease while the club is asked. */
  function loadAndStore<T>(
    key: string,
    lease: Lease,
    load: Loader<T>,
    mode: 'interactive' | 'background',
  ): Promise<Entry<T>> {
    return whileHeld(lease, lockMs / 3, async () => {
      const value = deepFreeze(await load(mode));
      const entry: Entry<T> = { fetchedAt: now(), value };
      failedAt.delete(key);
      await writeTracked(tracking, entryKey(key), () =>
        redis
          .multi()
          .del(entryKey(key))
          .hset(
            entryKey(key),
            'fetchedAt',
            String(entry.fetchedAt),
            'version',
            randomUUID(),
            'value',
            options.sealer.sealJson(value, sealedAt(entryKey(key))),
          )
          .pexpire(entryKey(key), keepMs)
          .exec(),
      );
      return entry;
    });
  }

  /** A reader that got the lease: another may have stored the entry since its miss. */
  async function loadUnlessStored<T>(key: CacheKey<T>, lease: Lease, load: Loader<T>) {
    const stored = await getFromRedis(key);
    const entry = stored ?? (await loadAndStore(key.name, lease, load, 'interactive'));
    if (stored) await lease.release();
    return toCached(key.name, entry);
  }

  const toCached = <T>(key: string, entry: Entry<T>): Cached<T> => {
    const stale = entry.invalid === true || now() - entry.fetchedAt >= freshMsOf(key);
    const refreshFailed = stale && (failedAt.get(key) ?? 0) >= entry.fetchedAt;
    return { value: entry.value, fetchedAt: entry.fetchedAt, stale, refreshFailed };
  };

  function refreshInBackground<T>(key: string, lease: Lease, load: Loader<T>): void {
    const refresh = loadAndStore(key, lease, load, 'background').then(
      () => undefined,
      (error: unknown) => {
        failedAt.set(key, now());
        options.onBackgroundError?.(key, error);
      },
    );
    background.add(refresh);
    // Never rejects: a failed refresh went to onBackgroundError above.
    void refresh.finally(() => background.delete(refresh));
  }

  async function waitForOthers<T>(key: CacheKey<T>, load: Loader<T>): Promise<Cached<T>> {
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const entry = await get(key);
      if (entry) return toCached(key.name, entry);
      // The loader gave up or died (its lease is gone and nothing was stored): take over.
      const lease = await lock(key.name);
      if (lease) return loadUnlessStored(key, lease, load);
    }
    // A live loader still renews its lease: a passing condition, so the job is tried again.
    throw new WaitingOnAnotherProcessError(key.name);
  }

  return {
    async read<T>(key: CacheKey<T>, load: Loader<T>): Promise<Cached<T>> {
      const { name } = key;
      const entry = await get(key);
      if (entry) {
        const cached = toCached(name, entry);
        options.onRead?.(name, cached.stale ? 'stale' : 'fresh');
        if (cached.stale) {
          const lease = await lock(name);
          if (lease) refreshInBackground(name, lease, load);
        }
        return cached;
      }
      options.onRead?.(name, 'miss');
      const lease = await lock(name);
      return lease ? loadUnlessStored(key, lease, load) : waitForOthers(key, load);
    },
    async peek<T>(key: CacheKey<T>) {
      const entry = await get(key);
      return entry ? toCached(key.name, entry) : undefined;
    },
    async invalidate(key) {
      await writeTracked(tracking, entryKey(key), () =>
        invalidateScript.run(redis, [entryKey(key)], []),
      );
    },
    async refresh(key, load) {
      const lease = await lock(key);
      // Someone else is loading it (perhaps from before the write), or the load fails: stale it.
      const loaded =
        lease && (await loadAndStore(key, lease, load, 'interactive').catch(() => false));
      if (!loaded) await this.invalidate(key);
    },
    async ages(keys) {
      if (keys.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.hget(entryKey(key), 'fetchedAt');
      const results = (await pipeline.exec()) ?? [];
      return keys.map((key, index) => {
        const fetchedAt = results[index]?.[1];
        return { key, fetchedAt: typeof fetchedAt === 'string' ? Number(fetchedAt) : null };
      });
    },
    async settle() {
      await Promise.all([...background]);
    },
  };
}
