import { RedisScript } from '../redis/redis-script.js';

/**
 * Counts one call if fewer than `ceiling` calls are counted in the window, atomically.
 *
 * KEYS[1] the calls set. ARGV: now, cutoff (now − window), window ms, ceiling, a unique member.
 * Returns `{1, used, 0}` when granted, or `{0, used, retryAt}` where `retryAt` is when enough of
 * the oldest calls have left the window for `used` to drop below `ceiling`.
 * Cost: O(log n) plus the entries trimmed; n never exceeds the limit.
 */
export const reserveScript = new RedisScript(`
local key = KEYS[1]
local window = tonumber(ARGV[3])
local ceiling = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[2])
local used = redis.call('ZCARD', key)
if used < ceiling then
  redis.call('ZADD', key, ARGV[1], ARGV[5])
  redis.call('PEXPIRE', key, window)
  return {1, used + 1, 0}
end
local rank = used - ceiling
local entry = redis.call('ZRANGE', key, rank, rank, 'WITHSCORES')
return {0, used, tonumber(entry[2]) + window}
`);
