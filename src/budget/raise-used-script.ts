import { RedisScript } from '../redis/redis-script.js';

/**
 * Raises the count in the window to at least `target` with phantom calls counted now, so they
 * leave the window one window later. Never lowers the count, so concurrent callers can only move
 * it up, whatever order they run in.
 *
 * KEYS[1] the calls set. ARGV: now, cutoff (now − window), window ms, target, a unique member base.
 * Returns `{used}` after the raise.
 */
export const raiseUsedScript = new RedisScript(`
local key = KEYS[1]
local target = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[2])
local used = redis.call('ZCARD', key)
if used >= target then
  return {used}
end
-- ZADD in batches: Lua's C stack limits how many arguments unpack() may pass.
local batch = {}
for i = 1, target - used do
  batch[#batch + 1] = ARGV[1]
  batch[#batch + 1] = ARGV[5] .. ':' .. i
  if #batch >= 1000 then
    redis.call('ZADD', key, unpack(batch))
    batch = {}
  end
end
if #batch > 0 then
  redis.call('ZADD', key, unpack(batch))
end
redis.call('PEXPIRE', key, ARGV[3])
return {target}
`);
