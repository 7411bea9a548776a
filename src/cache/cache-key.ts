import type { z } from 'zod';

/** A stored entry as a reader sees it. */
export interface Entry<T> {
  fetchedAt: number;
  /** Set by `invalidate`: the entry is stale whatever its age. */
  invalid?: boolean;
  value: T;
}

/** What one read cache remembers of one key in this process. */
export interface KeyMemo<T> {
  /** The parsed value by the version stored with it: parsed once per version, not per read. */
  parsed?: { version: string; value: T };
  /** The entry last read, with the tracking mark taken before it was read. */
  held?: { entry: Entry<T>; mark: number };
}

/**
 * A cached entry's name and the schema its value is parsed with when read back (Redis is
 * untrusted). The key keeps each cache's memo of it, typed by its schema, so a value parsed once
 * is reused without a cast.
 */
export interface CacheKey<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /** By read cache (its owner object); a WeakMap, so a dropped cache drops its memo. */
  readonly memo: WeakMap<object, KeyMemo<T>>;
}

export const cacheKey = <T>(name: string, schema: z.ZodType<T>): CacheKey<T> => ({
  name,
  schema,
  memo: new WeakMap(),
});
