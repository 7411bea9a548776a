import type { Redis } from 'ioredis';
import type { Platform } from '../core/chat-user.js';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { conversationOf, isPostAddress, platformOf, type PostAddress } from './reply-address.js';
import { outboxGroup, type OutboxEntry, type ReplyOutbox } from './reply-outbox.js';
import { DeliveryError, type ReplySink } from './reply-sink.js';
import { clubKeys } from '../redis/club-keys.js';
import { xautoclaimReply, xinfoConsumersReply } from '../redis/redis-script.js';

/** What became of a reply. */
export interface ReplyDelivered {
  id: string;
  platform: Platform;
  outcome: 'delivered' | 'retrying' | 'given-up';
  /** From the adapter receiving the command to the platform taking the reply. */
  answerMs?: number;
}

/** Options for {@link createReplyDelivery}. */
export interface ReplyDeliveryOptions {
  logger: Logger;
  /** Deliveries tried before giving up on a reply. Default: 8. */
  maxAttempts?: number;
  onDelivered?: (event: ReplyDelivered) => void;
  /** Told when a post's place is gone for good (a deleted channel), e.g. to drop its digest. */
  onGone?: (address: PostAddress) => Promise<void>;
  /**
   * The consumer this process reads the outboxes as, and how often it renews its claim on a reply
   * while posting it, so only a dead deliverer's replies are taken over. Default: not renewed.
   */
  claim?: { consumer: string; renewEveryMs: number };
}

/** Where one outbox's replies go: the outbox to finish them in, and the sinks that post them. */
export interface OutboxLane {
  outbox: ReplyOutbox;
  sinks: Partial<Record<Platform, ReplySink>>;
  /** Told of each of its replies' fate instead of the delivery's `onDelivered`. */
  onDelivered?: (event: ReplyDelivered) => void;
  /** Told of its gone posts instead of the delivery's `onGone`. */
  onGone?: (address: PostAddress) => Promise<void>;
}

/**
 * Delivers outbox entries, however many outboxes they come from: replies to one conversation go
 * out in order; a 429 or a passing failure waits its Retry-After (or a backoff) in the outbox's
 * retry set; a reply is acknowledged only after the platform took it.
 */
export function createReplyDelivery(options: ReplyDeliveryOptions) {
  const { logger } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  /** By lane and stream id: two clubs' streams may give the same id. */
  const inFlight = new Map<string, Promise<void>>();
  const laneIds = new WeakMap<OutboxLane, number>();
  let lanes = 0;
  const keyOf = (lane: OutboxLane, streamId: string) => {
    let id = laneIds.get(lane);
    if (id === undefined) laneIds.set(lane, (id = lanes += 1));
    return `${id}/${streamId}`;
  };
  /** The last delivery queued per conversation, so its replies keep their order. */
  const chains = new Map<string, Promise<void>>();

  async function deliverOne(lane: OutboxLane, streamId: string, entry: OutboxEntry) {
    const told = lane.onDelivered ?? options.onDelivered;
    const platform = platformOf(entry.replyTo);
    const sink = lane.sinks[platform];
    if (!sink) {
      logger.error({ id: entry.id, platform }, 'no reply sink for platform; reply dropped');
      await lane.outbox.finish(streamId);
      return;
    }
    try {
      await sink.deliver(entry.replyTo, entry.reply);
    } catch (error) {
      const attempts = (entry.attempts ?? 0) + 1;
      const retryable = error instanceof DeliveryError && !error.options.permanent;
      const onGone = lane.onGone ?? options.onGone;
      if (error instanceof DeliveryError && error.options.gone && isPostAddress(entry.replyTo)) {
        await onGone?.(entry.replyTo).catch((goneError: unknown) =>
          logger.warn(
            { id: entry.id, err: describeError(goneError) },
            'could not drop a gone post',
          ),
        );
      }
      const giveUp = !retryable || attempts >= maxAttempts;
      logger.warn(
        { id: entry.id, platform, attempts, err: describeError(error), retryable, giveUp },
        'reply delivery failed',
      );
      const waitMs =
        (error instanceof DeliveryError ? error.options.retryAfterMs : undefined) ??
        Math.min(60_000, 1_000 * 2 ** (attempts - 1));
      await lane.outbox.finish(
        streamId,
        giveUp ? undefined : { entry: { ...entry, attempts }, at: Date.now() + waitMs },
      );
      told?.({ id: entry.id, platform, outcome: giveUp ? 'given-up' : 'retrying' });
      return;
    }
    // Acknowledged after the post: should this process die in between, the reply is sent again.
    await lane.outbox.finish(streamId);
    // A retried reply's happy end is worth a line; the usual one is not.
    const retried = (entry.attempts ?? 0) > 0;
    logger[retried ? 'info' : 'debug'](
      { id: entry.id, platform, attempts: (entry.attempts ?? 0) + 1 },
      'reply delivered',
    );
    told?.({
      id: entry.id,
      platform,
      outcome: 'delivered',
      ...(entry.receivedAt === undefined ? {} : { answerMs: Date.now() - entry.receivedAt }),
    });
  }

  return {
    /** Deliveries under way. */
    get size() {
      return inFlight.size;
    },
    /** Starts delivering a stream entry (once, however often it is read). */
    start(lane: OutboxLane, streamId: string, fields: string[]): void {
      const key = keyOf(lane, streamId);
      if (inFlight.has(key)) return;
      const entry = lane.outbox.read(fields);
      if (!entry) {
        logger.error({ streamId }, 'unreadable outbox entry; dropped');
        void lane.outbox.finish(streamId).catch(() => undefined);
        return;
      }
      const conversation = conversationOf(entry.replyTo);
      // Renewed from now: waiting behind the conversation's earlier replies counts as delivering.
      const { claim } = options;
      const renewal =
        claim &&
        setInterval(
          () => void lane.outbox.keep(streamId, claim.consumer).catch(() => undefined),
          claim.renewEveryMs,
        );
      const previous = chains.get(conversation) ?? Promise.resolve();
      const delivery: Promise<void> = previous
        .then(() => deliverOne(lane, streamId, entry))
        .catch((error: unknown) =>
          // Redis failed at acknowledging: the reply stays taken and is taken over later.
          logger.warn({ id: entry.id, err: describeError(error) }, 'outbox acknowledgement failed'),
        )
        .finally(() => {
          clearInterval(renewal);
          inFlight.delete(key);
          if (chains.get(conversation) === delivery) chains.delete(conversation);
        });
      inFlight.set(key, delivery);
      chains.set(conversation, delivery);
    },
    /** Resolves when a delivery under way ends. */
    async oneEnds(): Promise<void> {
      await Promise.race(inFlight.values());
    },
    async settle(): Promise<void> {
      await Promise.allSettled(inFlight.values());
    },
  };
}

export type ReplyDeliveryCore = ReturnType<typeof createReplyDelivery>;

type StreamEntry = [id: string, fields: string[]];

/** Makes the outbox stream and its group, unless they are there. */
export async function ensureOutboxGroup(redis: Redis, prefix: string): Promise<void> {
  try {
    await redis.xgroup('CREATE', clubKeys(prefix).outbox.stream, outboxGroup, '0', 'MKSTREAM');
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('BUSYGROUP')) throw error;
  }
}

/**
 * Takes over replies whose deliverer has not renewed its claim in `claimIdleMs` (its process
 * died), and forgets consumers idle an hour with nothing pending. Returns the entries taken.
 */
export async function claimAbandoned(
  redis: Redis,
  prefix: string,
  consumer: string,
  claimIdleMs: number,
  count: number,
): Promise<StreamEntry[]> {
  const stream = clubKeys(prefix).outbox.stream;
  const [, claimed] = xautoclaimReply.parse(
    await redis.xautoclaim(stream, outboxGroup, consumer, claimIdleMs, '0-0', 'COUNT', count),
  );
  const consumers = xinfoConsumersReply.parse(await redis.xinfo('CONSUMERS', stream, outboxGroup));
  for (const info of consumers) {
    const fields = fieldMap(info);
    if (fields.name !== consumer && fields.pending === 0 && Number(fields.idle) > 3_600_000) {
      await redis.xgroup('DELCONSUMER', stream, outboxGroup, String(fields.name));
    }
  }
  return claimed.filter((item): item is StreamEntry => item !== null);
}

/** XINFO's flat [name, value, …] list as an object. */
function fieldMap(info: unknown[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let i = 0; i + 1 < info.length; i += 2) fields[String(info[i])] = info[i + 1];
  return fields;
}
