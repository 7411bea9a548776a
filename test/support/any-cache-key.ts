import { z } from 'zod';
import { cacheKey, type CacheKey } from '../../src/cache/cache-key.js';

const keys = new Map<string, CacheKey<unknown>>();

/** A cache key whose value may be anything: for tests of the cache itself, one object per name. */
export function anyKey(name: string): CacheKey<unknown> {
  const known = keys.get(name);
  if (known) return known;
  const key = cacheKey(name, z.unknown());
  keys.set(name, key);
  return key;
}
