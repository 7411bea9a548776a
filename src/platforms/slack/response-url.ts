import type { types } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisScript } from '../../redis/redis-script.js';
import { clubKeys } from '../../redis/club-keys.js';

/** What a response_url post carries. */
export interface ResponseUrlMessage {
  response_type: 'ephemeral' | 'in_channel';
  replace_original: boolean;
  text: string;
  blocks?: types.KnownBlock[];
}

/**
 * - `posted`: Slack took it.
 * - `gone`: Slack refused the URL (used 5 times, older than 30 minutes: Slack answers an error
 *   status or `{"ok":false,"error":"Expired url"}`); use the Web API, and never this URL again.
 * - `failed`: no answer (network, timeout); use the Web API this time.
 */
export type ResponseUrlOutcome = 'posted' | 'gone' | 'failed';

/**
 * Posts one message to a response_url. Both the status and the body are read: Slack has been seen
 * to answer an expired URL with an `ok: false` body.
 */
export async function postToResponseUrl(
  url: string,
  message: ResponseUrlMessage,
  timeoutMs = 5_000,
): Promise<ResponseUrlOutcome> {
  let status: number;
  let body: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.text().catch(() => '');
  } catch {
    return 'failed';
  }
  if (status < 200 || status >= 300) return 'gone';
  return saysNotOk(body) ? 'gone' : 'posted';
}

function saysNotOk(body: string): boolean {
  if (!body.trimStart().startsWith('{')) return false;
  try {
    return (JSON.parse(body) as { ok?: unknown }).ok === false;
  } catch {
    return false;
  }
}

/**
 * Whether a response_url may be posted to: Slack's own hosts over https, or the configured
 * `SLACK_API_URL`'s origin (a fake in tests). A reply never goes anywhere else, whatever a stored
 * address says.
 */
export function isSlackResponseUrl(url: string, slackApiUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:' && /(^|\.)slack\.com$/.test(parsed.hostname)) return true;
  return slackApiUrl !== undefined && new URL(slackApiUrl).origin === parsed.origin;
}

/**
 * A request's response_url if it is Slack's (or the configured `SLACK_API_URL`'s), else nothing:
 * the listeners take it through here before anything posts to it or queues it, so an answer never
 * goes to a host a request names. The reply sink checks again with the same function.
 */
export function checkedResponseUrl(
  url: string | undefined,
  deps: { slackApiUrl?: string; logger: Logger },
): string | undefined {
  if (!url) return undefined;
  if (isSlackResponseUrl(url, deps.slackApiUrl)) return url;
  deps.logger.warn("a request's response_url is not Slack's: it is not used");
  return undefined;
}

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
