import { RedisScript } from '../redis/redis-script.js';

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
