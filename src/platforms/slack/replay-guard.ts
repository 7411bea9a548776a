import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AnyMiddlewareArgs, Context } from '@slack/bolt';
import type { Redis } from 'ioredis';
import type { Logger } from '../../log.js';
import { describeError, withTimeout } from '../../errors.js';
import { clubKeys } from '../../redis/club-keys.js';

/** Where the HTTP receiver leaves the request's signature on Bolt's context. */
const signatureKey = 'slackRequestSignature';

/** How long a signature is remembered: Bolt refuses a timestamp older than this anyway. */
const replayWindowSeconds = 5 * 60;

/** How long the guard waits for Redis, out of Slack's 3 s for the acknowledgement. */
const redisTimeoutMs = 500;

/** For the HTTP receiver's `customPropertiesExtractor`: the request's `X-Slack-Signature`. */
export function requestSignature(request: IncomingMessage): Record<string, string> {
  const signature = request.headers['x-slack-signature'];
  return typeof signature === 'string' ? { [signatureKey]: signature } : {};
}

/**
 * Whether this signed request was seen before (SET NX of its signature's hash, for Slack's five
 * minutes). A replay of a signed request is then acknowledged and ignored: one job, one answer.
 * Socket Mode requests carry no signature and pass. When Redis fails the request passes: its
 * work needs Redis too, and is answered "temporarily unavailable" there.
 */
export async function isReplay(
  context: Context,
  at: { redis: Redis; prefix: string },
  logger: Logger,
): Promise<boolean> {
  const signature = context[signatureKey];
  if (typeof signature !== 'string' || !signature) return false;
  const digest = createHash('sha256').update(signature).digest('hex').slice(0, 32);
  try {
    const key = clubKeys(at.prefix).slackSeen(digest);
    const set = await withTimeout(redisTimeoutMs, () =>
      at.redis.set(key, '1', 'EX', replayWindowSeconds, 'NX'),
    );
    if (set === 'OK') return false;
  } catch (error) {
    logger.warn({ err: describeError(error) }, 'the replay guard could not reach Redis');
    return false;
  }
  logger.warn('a signed Slack request came a second time: acknowledged and ignored');
  return true;
}

/** Acknowledges a request, with nothing shown, when it is one Bolt waits to see acknowledged. */
export async function ackOnly(args: AnyMiddlewareArgs): Promise<void> {
  if ('ack' in args && typeof args.ack === 'function') await (args.ack as () => Promise<void>)();
}
