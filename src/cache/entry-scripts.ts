import { RedisScript } from '../redis/redis-script.js';

/**
 * A cache entry's age, invalid flag and version, and its value only when the caller's copy is of
 * another version: an unchanged entry costs a few bytes, not the whole collection.
 * KEYS[1] the entry. ARGV[1] the version the caller holds ('' for none).
 */
export const readScript = new RedisScript(`
local meta = redis.call('HMGET', KEYS[1], 'fetchedAt', 'invalid', 'version')
if not meta[1] then return nil end
local version = meta[3] or ''
if version ~= '' and version == ARGV[1] then return {meta[1], meta[2] or '', version} end
return {meta[1], meta[2] or '', version, redis.call('HGET', KEYS[1], 'value')}
`);

/** Marks an entry stale after a write; an absent entry stays absent. KEYS[1] the entry. */
export const invalidateScript = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('HSET', KEYS[1], 'invalid', '1') end
return 0
`);
