import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Platform } from '../core/chat-user.js';
import type { Logger } from '../log.js';
import type { Sealer } from '../redis/sealer.js';
import { describeError } from '../errors.js';
import {
  claimAbandoned,
  createReplyDelivery,
  ensureOutboxGroup,
  type ReplyDelivered,
} from './reply-delivery.js';
import { createReplyOutbox, outboxGroup } from './reply-outbox.js';
import type { PostAddress } from './reply-address.js';
import type { ReplySink } from './reply-sink.js';
import { clubKeys } from '../redis/club-keys.js';
import { xreadgroupReply } from '../redis/redis-script.js';

export type { ReplyDelivered } from './reply-delivery.js';

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
   * A reply another deliverer took and has not renewed its claim on this long is taken over (its
   * process died); a live deliverer renews its claim every third of it. Default: 15 s.
   */
  claimIdleMs?: number;
  /** Deliveries tried before giving up on a reply. Default: 8. */
  maxAttempts?: number;
  /** Told of each reply's fate, for metrics. */
  onDelivered?: (event: ReplyDelivered) => void;
  /** Told when a post's place is gone for good (a deleted channel), e.g. to drop its digest. */
  onGone?: (address: PostAddress) => Promise<void>;
}

/** A running deliverer; `stop()` finishes the deliveries under way. */
export interface ReplyDeliverer {
  stop(): Promise<void>;
}

/**
 * Delivers the replies workers leave in the outbox, in the bot process (which holds the platform
 * credentials anyway). Replies to one conversation go out in order; a 429 or a passing failure
 * waits its Retry-After (or a backoff) in Redis; a reply taken by a deliverer that died is taken
 * over after `claimIdleMs`. A reply is never lost; it is posted twice only when a post's answer
 * is lost (a timeout, or this process killed with the post on the wire): the platform may have
 * taken it, and neither Slack nor Discord offers a way to ask.
 */
export function startReplyDeliverer(options: ReplyDelivererOptions): ReplyDeliverer {
  const { redis, logger, prefix } = options;
  const keys = clubKeys(prefix).outbox;
  const concurrency = options.concurrency ?? 32;
  const claimIdleMs = options.claimIdleMs ?? 15_000;
  const consumer = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  // XREADGROUP blocks its connection: the loop gets one of its own (and `stop` can cut it).
  const reader = redis.duplicate({ enableAutoPipelining: false });
  reader.on('error', (error: Error) => logger.warn({ err: error.message }, 'outbox reader error'));
  const lane = { outbox: createReplyOutbox(redis, prefix, options.sealer), sinks: options.sinks };
  const delivery = createReplyDelivery({
    ...options,
    claim: { consumer, renewEveryMs: claimIdleMs / 3 },
  });
  let stopping = false;
  let lastClaimAt = 0;

  async function loop(): Promise<void> {
    let grouped = false;
    while (!stopping) {
      try {
        if (!grouped) {
          await ensureOutboxGroup(reader, prefix);
          grouped = true;
        }
        await lane.outbox.promoteDue(Date.now());
        if (Date.now() - lastClaimAt > claimIdleMs / 3) {
          lastClaimAt = Date.now();
          const taken = await claimAbandoned(reader, prefix, consumer, claimIdleMs, concurrency);
          for (const [id, fields] of taken) delivery.start(lane, id, fields);
        }
        while (delivery.size >= concurrency) await delivery.oneEnds();
        const read = xreadgroupReply.parse(
          await reader.xreadgroup(
            'GROUP',
            outboxGroup,
            consumer,
            'COUNT',
            concurrency - delivery.size,
            'BLOCK',
            250,
            'STREAMS',
            keys.stream,
            '>',
          ),
        );
        for (const [, entries] of read ?? [])
          for (const [id, fields] of entries) delivery.start(lane, id, fields);
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
      await delivery.settle();
    },
  };
}
