import type { Redis } from 'ioredis';

/**
 * Tells this process when keys under a prefix change in Redis, so that a copy held in memory can
 * be used without asking Redis until it changes (Redis's client-side caching, broadcasting mode).
 *
 * Take a {@link KeyTracking.mark} before reading a key from Redis and keep it with the copy; the
 * copy may be used while {@link KeyTracking.unchangedSince} says so. A change whose notice arrives
 * after the mark, even one made before the read, drops the copy: a copy is never kept past a
 * change, at worst dropped once too often.
 */
export interface KeyTracking {
  /** Whether notices are arriving now (false before set-up, and while the connection is down). */
  live(): boolean;
  mark(): number;
  /** Whether tracking has been live since `mark` and no change to `key` was told since. */
  unchangedSince(key: string, mark: number): boolean;
  /** Counts `key` as changed now: a write of this process, before Redis's notice of it arrives. */
  changed(key: string): void;
  close(): Promise<void>;
}

const channel = '__redis__:invalidate';

/**
 * Tracks keys starting with any of `prefixes` on a connection of its own (a duplicate of `redis`,
 * spoken to in RESP2: ioredis passes RESP3's invalidation pushes by). Until tracking is set up,
 * and from the moment the connection drops until it is set up again, nothing counts as
 * unchanged: a notice may have been missed. Where Redis cannot track (before 6.0), nothing ever
 * does, and every read goes to Redis as before.
 */
export function createKeyTracking(
  redis: Redis,
  prefixes: readonly string[],
  /** Told when tracking could not be set up (every read then asks Redis). */
  onError: (error: unknown) => void = () => undefined,
): KeyTracking {
  const connection = redis.duplicate({
    protocol: 2,
    autoResubscribe: false,
    enableAutoPipelining: false,
    connectionName: 'club-bot:key-tracking',
  });
  let counter = 0;
  let live = false;
  /** The counter when every key last counted as changed (start, reconnect, FLUSHALL). */
  let resetAt = 0;
  const changedAt = new Map<string, number>();
  const resetAll = () => {
    resetAt = ++counter;
    changedAt.clear();
  };

  connection.on('messageBuffer', (from: Buffer, keys: Buffer[] | null) => {
    if (String(from) !== channel) return;
    // A null list means everything changed (FLUSHDB, FLUSHALL).
    if (!Array.isArray(keys)) resetAll();
    else for (const key of keys) changedAt.set(String(key), ++counter);
  });
  /** Counts connections: a set-up overtaken by a reconnect must not declare the new one live. */
  let connections = 0;
  connection.on('ready', () => {
    const current = ++connections;
    void (async () => {
      resetAll();
      const id = String(await connection.client('ID'));
      const prefixArgs = prefixes.flatMap((prefix) => ['PREFIX', prefix]);
      await connection.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', id, 'BCAST', ...prefixArgs);
      await connection.subscribe(channel);
      if (current !== connections) return;
      // Whatever was read while tracking was being set up may have missed a notice.
      resetAll();
      live = true;
    })().catch(onError);
  });
  connection.on('close', () => {
    connections += 1;
    live = false;
    resetAll();
  });
  // Connection errors are the shared connection's to report; this one reconnects on its own.
  connection.on('error', () => undefined);

  return {
    live: () => live,
    mark: () => ++counter,
    unchangedSince(key, mark) {
      return live && resetAt < mark && (changedAt.get(key) ?? 0) < mark;
    },
    changed(key) {
      changedAt.set(key, ++counter);
    },
    async close() {
      live = false;
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

/**
 * Runs a write of this process to `key`, counting the key as changed before and after it: no copy
 * read before the write, or while it was under way, is used once it is done, without waiting for
 * Redis's notice of it.
 */
export async function writeTracked<T>(
  tracking: KeyTracking | undefined,
  key: string,
  write: () => Promise<T>,
): Promise<T> {
  tracking?.changed(key);
  try {
    return await write();
  } finally {
    tracking?.changed(key);
  }
}
