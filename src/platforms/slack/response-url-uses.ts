import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisScript } from '../../redis/redis-script.js';
import { clubKeys } from '../../redis/club-keys.js';

/** Counts one post to a URL; the count lives as long as the URL. */
const claimScript = new RedisScript(`
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
return count`);

/** Takes the first post of a URL only: nothing has been posted to it yet. */
const firstScript = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], 1)
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
return 1`);

/** A response_url takes 5 posts within 30 minutes of the command. */
export const responseUrlLimits = { posts: 5, lifetimeMs: 30 * 60_000 } as const;

/**
 * Counts the posts to each response_url in Redis, so that every process (adapter, workers)
 * together stays within Slack's 5 posts in 30 minutes and then moves to the Web API.
 */
export interface ResponseUrlUses {
  /** Takes one of the URL's posts; false when none is left or the URL has expired. */
  claim(url: string, issuedAt: number): Promise<boolean>;
  /** Takes the URL's first post, or nothing when something was posted already (the answer came). */
  claimFirst(url: string, issuedAt: number): Promise<boolean>;
  /** Slack said the URL is used up or expired: no process tries it again. */
  exhaust(url: string, issuedAt: number): Promise<void>;
}

export function createResponseUrlUses(options: {
  redis: Redis;
  prefix: string;
  now?: () => number;
  /** Stop this long before the 30 minutes are up, for clock skew and the post's own time. Default: 60 s. */
  marginMs?: number;
}): ResponseUrlUses {
  const { redis, prefix } = options;
  const now = options.now ?? Date.now;
  const marginMs = options.marginMs ?? 60_000;
  // The URL itself is a credential for posting: keep only its hash.
  const key = (url: string) =>
    clubKeys(prefix).slackResponseUrl(createHash('sha256').update(url).digest('hex').slice(0, 32));
  const expiresAt = (issuedAt: number) => issuedAt + responseUrlLimits.lifetimeMs;
  return {
    async claim(url, issuedAt) {
      if (now() >= expiresAt(issuedAt) - marginMs) return false;
      const count = await claimScript.run(redis, [key(url)], [expiresAt(issuedAt)]);
      return Number(count) <= responseUrlLimits.posts;
    },
    async claimFirst(url, issuedAt) {
      if (now() >= expiresAt(issuedAt) - marginMs) return false;
      return Number(await firstScript.run(redis, [key(url)], [expiresAt(issuedAt)])) === 1;
    },
    async exhaust(url, issuedAt) {
      const remaining = Math.max(1, expiresAt(issuedAt) - now());
      await redis.set(key(url), String(responseUrlLimits.posts + 1), 'PX', remaining);
    },
  };
}
