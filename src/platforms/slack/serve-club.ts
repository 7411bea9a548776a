import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AnyMiddlewareArgs, Context, Middleware } from '@slack/bolt';
import type { ListenerDeps, SlackContext } from './listener-deps.js';
import type { Redis } from 'ioredis';
import type { Logger } from '../../log.js';
import { describeError, withTimeout } from '../../errors.js';
import { clubKeys } from '../../redis/club-keys.js';

/** Where the receivers leave what tells one delivery of a request from another on Bolt's context. */
const deliveryKey = 'slackDelivery';

/** How long a delivery is remembered: Bolt refuses a timestamp older than this anyway. */
const replayWindowSeconds = 5 * 60;

/** How long the guard waits for Redis, out of Slack's 3 s for the acknowledgement. */
const redisTimeoutMs = 500;

/** For the HTTP receiver's `customPropertiesExtractor`: the request's `X-Slack-Signature`. */
export function requestSignature(request: IncomingMessage): Record<string, string> {
  const signature = request.headers['x-slack-signature'];
  return typeof signature === 'string' ? { [deliveryKey]: signature } : {};
}

/**
 * For the Socket Mode receiver's `customPropertiesExtractor`: an Events API envelope's event id,
 * which Slack's retries (`retry_num`, `retry_reason`) carry again. Slash commands and
 * interactions over the socket are never retried and carry no retry information.
 */
export function socketDelivery(envelope: {
  type?: unknown;
  body?: unknown;
}): Record<string, string> {
  const { type, body } = envelope;
  const isEvent = type === 'events_api' && typeof body === 'object' && body !== null;
  return isEvent && 'event_id' in body && typeof body.event_id === 'string'
    ? { [deliveryKey]: `event:${body.event_id}` }
    : {};
}

/**
 * Whether this delivery was seen before (SET NX of its hash, for Slack's five minutes): a signed
 * HTTP request sent again, or an event Slack retries over the socket. It is then acknowledged and
 * ignored: one job, one answer. When Redis fails the request passes: its work needs Redis too,
 * and is answered "temporarily unavailable" there.
 */
export async function isReplay(
  context: Context,
  at: { redis: Redis; prefix: string },
  logger: Logger,
): Promise<boolean> {
  const delivery = context[deliveryKey];
  if (typeof delivery !== 'string' || !delivery) return false;
  const digest = createHash('sha256').update(delivery).digest('hex').slice(0, 32);
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
  const { retryNum, retryReason } = context;
  logger.warn(
    { retryNum, retryReason },
    'a Slack request came a second time: acknowledged and ignored',
  );
  return true;
}

/** Acknowledges a request, with nothing shown, when it is one Bolt waits to see acknowledged. */
export async function ackOnly(args: AnyMiddlewareArgs): Promise<void> {
  if ('ack' in args && typeof args.ack === 'function') await (args.ack as () => Promise<void>)();
}

export const notSetUpText =
  'This workspace is not set up for the club bot yet. Your club’s Slack admin finishes the set-up with the one-time code the bot’s operator gives them.';

/**
 * The adapter's last global middleware: finds the club of the workspace a request comes from,
 * with that workspace's token (Bolt's `authorize` put it on the context), and leaves its deps on
 * the context for the listeners. A workspace with no club is told it is not set up, and nothing
 * more; a delivery seen before is acknowledged and ignored.
 */
export function serveClub(
  depsFor: (teamId: string, token: string) => ListenerDeps | undefined,
  logger: Logger,
): Middleware<AnyMiddlewareArgs, SlackContext> {
  return async (args) => {
    const { context, next } = args;
    const teamId = context.teamId ?? context.enterpriseId;
    const club = teamId && context.botToken ? depsFor(teamId, context.botToken) : undefined;
    if (!club) return refuse(args);
    if (await isReplay(context, club, logger)) return ackOnly(args);
    context.club = club;
    await next();
  };
}

/** A request from a workspace with no club: acknowledged, told so if it was a command, no more. */
async function refuse(args: AnyMiddlewareArgs): Promise<void> {
  if (!('ack' in args) || typeof args.ack !== 'function') return;
  const ack = args.ack as (response?: unknown) => Promise<void>;
  const isCommand = 'command' in args.body && typeof args.body.command === 'string';
  await ack(isCommand ? { response_type: 'ephemeral', text: notSetUpText } : undefined);
}
