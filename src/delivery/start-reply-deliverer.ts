import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Platform } from '../commands/chat-user.js';
import type { Logger } from '../log.js';
import type { Sealer } from '../redis/sealer.js';
import { conversationOf, isPostAddress, platformOf, type PostAddress } from './reply-address.js';
import { createReplyOutbox, outboxGroup, outboxKeys, type OutboxEntry } from './reply-outbox.js';
import { DeliveryError, type ReplySink } from './reply-sink.js';
import { describeError } from '../errors.js';

/** Options for {@link startReplyDeliverer}. */
export interface ReplyDelivererOptions {
  /** The process's Redis; the deliverer reads the outbox on a connection of its own. */
  redis: Redis;
  prefix: string;
  /** Opens the sealed replies. */
  sealer: Sealer;
  sinks: Partial<Record<Platform, ReplySink>>;
  logger: Logger;
  /** Replies being delivered at once. Default: 32. */
  concurrency?: number;
  /**
   * A reply another deliverer took and has not finished this long is taken over (its process
   * died). Longer than any delivery takes. Default: 60 s.
   */
  claimIdleMs?: number;
  /** Deliveries tried before giving up on a reply. Default: 8. */
  maxAttempts?: number;
  /** Told of each reply's fate, for metrics. */
  onDelivered?: (event: ReplyDelivered) => void;
  /** Told when a post's place is gone for good (a deleted channel), e.g. to drop its digest. */
  onGone?: (address: PostAddress) => Promise<void>;
}

/** What became of a reply. */
export interface ReplyDelivered {
  id: string;
  platform: Platform;
  outcome: 'delivered' | 'retrying' | 'given-up';
  /** From the adapter receiving the command to the platform taking the reply. */
  answerMs?: number;
}

/** A running deliverer; `stop()` finishes the deliveries under way. */
export interface ReplyDeliverer {
  stop(): Promise<void>;
}

type StreamEntry = [id: string, fields: string[]];

/**
 * Delivers the replies workers leave in the outbox, in the bot process (which holds the platform
 * credentials anyway). Replies to one conversation go out in order; a 429 or a passing failure
 * waits its Retry-After (or a backoff) in Redis; a reply taken by a deliverer that died is taken
 * over after `claimIdleMs`. A reply is never lost; it is posted twice only when a post's answer
 * is lost (a timeout, or this process killed with the post on the wire): the platform may have
 * taken it, and neither Slack nor Discord offers a way to ask.
 */
export function startReplyDeliverer(options: ReplyDelivererOptions): ReplyDeliverer {
  const { redis, logger, sinks } = options;
  const keys = outboxKeys(options.prefix);
  const concurrency = options.concurrency ?? 32;
  const claimIdleMs = options.claimIdleMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const consumer = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  // XREADGROUP blocks its connection: the loop gets one of its own (and `stop` can cut it).
  const reader = redis.duplicate({ enableAutoPipelining: false });
  reader.on('error', (error: Error) => logger.warn({ err: error.message }, 'outbox reader error'));

  const inFlight = new Map<string, Promise<void>>();
  /** The last delivery queued per conversation, so its replies keep their order. */
  const chains = new Map<string, Promise<void>>();
  let stopping = false;
  let lastClaimAt = 0;

  async function ensureGroup(): Promise<void> {
    try {
      await reader.xgroup('CREATE', keys.stream, outboxGroup, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('BUSYGROUP')) throw error;
    }
  }

  const outbox = createReplyOutbox(redis, options.prefix, options.sealer);
  const finish = (streamId: string, retry?: { entry: OutboxEntry; at: number }) =>
    outbox.finish(streamId, retry);

  async function deliverOne(streamId: string, entry: OutboxEntry): Promise<void> {
    const platform = platformOf(entry.replyTo);
    const sink = sinks[platform];
    if (!sink) {
      logger.error({ id: entry.id, platform }, 'no reply sink for platform; reply dropped');
      await finish(streamId);
      return;
    }
    try {
      await sink.deliver(entry.replyTo, entry.reply);
    } catch (error) {
      const attempts = (entry.attempts ?? 0) + 1;
      const retryable = error instanceof DeliveryError && !error.options.permanent;
      if (error instanceof DeliveryError && error.options.gone && isPostAddress(entry.replyTo)) {
        await options
          .onGone?.(entry.replyTo)
          .catch((goneError: unknown) =>
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
      await finish(
        streamId,
        giveUp ? undefined : { entry: { ...entry, attempts }, at: Date.now() + waitMs },
      );
      options.onDelivered?.({ id: entry.id, platform, outcome: giveUp ? 'given-up' : 'retrying' });
      return;
    }
    // Acknowledged after the post: should this process die in between, the reply is sent again.
    await finish(streamId);
    // A retried reply's happy end is worth a line; the usual one is not.
    const retried = (entry.attempts ?? 0) > 0;
    logger[retried ? 'info' : 'debug'](
      { id: entry.id, platform, attempts: (entry.attempts ?? 0) + 1 },
      'reply delivered',
    );
    options.onDelivered?.({
      id: entry.id,
      platform,
      outcome: 'delivered',
      ...(entry.receivedAt === undefined ? {} : { answerMs: Date.now() - entry.receivedAt }),
    });
  }

  function start(streamId: string, fields: string[]): void {
    if (inFlight.has(streamId)) return;
    const entry = outbox.read(fields);
    if (!entry) {
      logger.error({ streamId }, 'unreadable outbox entry; dropped');
      void finish(streamId).catch(() => undefined);
      return;
    }
    const conversation = conversationOf(entry.replyTo);
    const previous = chains.get(conversation) ?? Promise.resolve();
    const delivery: Promise<void> = previous
      .then(() => deliverOne(streamId, entry))
      .catch((error: unknown) =>
        // Redis failed at acknowledging: the reply stays taken and is taken over later.
        logger.warn({ id: entry.id, err: describeError(error) }, 'outbox acknowledgement failed'),
      )
      .finally(() => {
        inFlight.delete(streamId);
        if (chains.get(conversation) === delivery) chains.delete(conversation);
      });
    inFlight.set(streamId, delivery);
    chains.set(conversation, delivery);
  }

  /** Takes over replies whose deliverer died, and forgets consumers long gone. */
  async function claimAbandoned(): Promise<void> {
    const [, claimed] = (await reader.xautoclaim(
      keys.stream,
      outboxGroup,
      consumer,
      claimIdleMs,
      '0-0',
      'COUNT',
      concurrency,
    )) as [string, (StreamEntry | null)[]];
    for (const item of claimed) if (item) start(item[0], item[1]);
    const consumers = (await reader.xinfo('CONSUMERS', keys.stream, outboxGroup)) as unknown[][];
    for (const info of consumers) {
      const fields = fieldMap(info);
      if (fields.name !== consumer && fields.pending === 0 && Number(fields.idle) > 3_600_000) {
        await reader.xgroup('DELCONSUMER', keys.stream, outboxGroup, String(fields.name));
      }
    }
  }

  async function loop(): Promise<void> {
    let grouped = false;
    while (!stopping) {
      try {
        if (!grouped) {
          await ensureGroup();
          grouped = true;
        }
        await outbox.promoteDue(Date.now());
        if (Date.now() - lastClaimAt > Math.min(claimIdleMs, 10_000)) {
          lastClaimAt = Date.now();
          await claimAbandoned();
        }
        while (inFlight.size >= concurrency) await Promise.race(inFlight.values());
        const read = (await reader.xreadgroup(
          'GROUP',
          outboxGroup,
          consumer,
          'COUNT',
          concurrency - inFlight.size,
          'BLOCK',
          250,
          'STREAMS',
          keys.stream,
          '>',
        )) as [string, StreamEntry[]][] | null;
        for (const [, entries] of read ?? []) for (const [id, fields] of entries) start(id, fields);
      } catch (error) {
        if (stopping) break;
        const message = describeError(error);
        // The stream is gone (Redis lost its data): make it again.
        if (message.includes('NOGROUP')) grouped = false;
        logger.warn({ err: message }, 'reading the outbox failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  const running = loop();
  return {
    async stop() {
      stopping = true;
      reader.disconnect();
      await running;
      await Promise.allSettled(inFlight.values());
    },
  };
}

/** XINFO's flat [name, value, …] list as an object. */
function fieldMap(info: unknown[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let i = 0; i + 1 < info.length; i += 2) fields[String(info[i])] = info[i + 1];
  return fields;
}
