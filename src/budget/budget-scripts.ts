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

/**
 * Reads the budget without changing it (calls older than the window are skipped, not trimmed).
 *
 * KEYS[1] the calls set. ARGV: cutoff (now − window), window ms, then one or more ceilings.
 * Returns `{used, oldestLeavesAt, leavesAt per ceiling...}`: when the oldest counted call leaves
 * the window, and for each ceiling when enough calls have left for `used` to drop below it;
 * -1 where nothing needs to leave.
 */
export const stateScript = new RedisScript(`
local key = KEYS[1]
local window = tonumber(ARGV[2])
local used = redis.call('ZCOUNT', key, '(' .. ARGV[1], '+inf')
local first = redis.call('ZCARD', key) - used
local function leavesAt(offset)
  local entry = redis.call('ZRANGE', key, first + offset, first + offset, 'WITHSCORES')
  return tonumber(entry[2]) + window
end
local reply = {used, -1}
if used > 0 then
  reply[2] = leavesAt(0)
end
for i = 3, #ARGV do
  local ceiling = tonumber(ARGV[i])
  if used >= ceiling then
    reply[#reply + 1] = leavesAt(used - ceiling)
  else
    reply[#reply + 1] = -1
  end
end
return reply
`);
