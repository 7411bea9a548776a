import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Platform } from '../core/chat-user.js';
import {
  claimAbandoned,
  createReplyDelivery,
  ensureOutboxGroup,
  type OutboxLane,
  type ReplyDelivered,
} from '../delivery/reply-delivery.js';
import { createReplyOutbox, outboxGroup } from '../delivery/reply-outbox.js';
import type { PostAddress } from '../delivery/reply-address.js';
import type { ReplySink } from '../delivery/reply-sink.js';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import type { ClubDirectory, HostedClub } from './club-directory.js';
import { clubKeys, doorbellKeys } from '../redis/club-keys.js';
import { waitForRings, RoundRobin, Signal } from './doorbell.js';
import { xreadgroupReply } from '../redis/redis-script.js';

/** Options for {@link startHostedDeliverer}. */
export interface HostedDelivererOptions {
  /** Where each club's outbox is: its prefix, and its scope once it has replies. */
  directory: Pick<ClubDirectory, 'ids' | 'club' | 'prefixOf'>;
  /** The process's shared connection; the doorbell is read on a duplicate of it. */
  redis: Redis;
  logger: Logger;
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
  /** Where a club's replies are posted (its Slack workspace's token, the Discord bot). */
  sinksFor(club: HostedClub): Partial<Record<Platform, ReplySink>>;
  /** What to do when a club's post has no place any more (its digest is dropped). */
  goneFor?(club: HostedClub): (address: PostAddress) => Promise<void>;
  /** Replies being delivered at once, all clubs together. Default: 32. */
  concurrency?: number;
  /** A reply another deliverer has not renewed its claim on this long is taken over. Default: 15 s. */
  claimIdleMs?: number;
  maxAttempts?: number;
  /**
   * How often every club's outbox is looked at (lost rings, abandoned replies). Default: a third
   * of `claimIdleMs` (5 s), so a dead deliverer's reply is taken over soon after its claim lapses.
   */
  sweepMs?: number;
  onDelivered?: (event: ReplyDelivered, clubId: string) => void;
}

/**
 * Delivers the replies of every club's outbox from one process: workers ring the outbox doorbell
 * with a club's id after each reply, and the deliverer reads that club's stream (without
 * blocking: one club's stream is one slot). Clubs take turns, so one club's burst of replies does
 * not hold back another's. Retries due and replies of dead deliverers are found by a sweep.
 */
export function startHostedDeliverer(options: HostedDelivererOptions) {
  const { directory, redis, logger } = options;
  const concurrency = options.concurrency ?? 32;
  const claimIdleMs = options.claimIdleMs ?? 15_000;
  const consumer = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const doorbell = doorbellKeys(options.root).outbox;
  const reader = redis.duplicate({ enableAutoPipelining: false });
  reader.on('error', () => undefined);
  const delivery = createReplyDelivery({
    logger,
    maxAttempts: options.maxAttempts,
    claim: { consumer, renewEveryMs: claimIdleMs / 3 },
  });
  const lanes = new WeakMap<HostedClub, OutboxLane>();
  const grouped = new WeakSet<HostedClub>();
  /** Clubs rung lately: their retries are promoted every second, not at the sweep. */
  const recent = new Map<string, number>();
  const turns = new RoundRobin();
  const signal = new Signal();
  let stopping = false;

  function laneOf(club: HostedClub): OutboxLane {
    let lane = lanes.get(club);
    if (!lane) {
      lane = {
        outbox: createReplyOutbox(redis, club.prefix, club.sealer),
        sinks: options.sinksFor(club),
        onDelivered: (event) => options.onDelivered?.(event, club.id),
        ...(options.goneFor ? { onGone: options.goneFor(club) } : {}),
      };
      lanes.set(club, lane);
    }
    return lane;
  }

  /** Reads what is waiting in one club's stream; false when it is (for now) empty. */
  async function drain(id: string): Promise<boolean> {
    const club = directory.club(id);
    if (!club) return false;
    if (!grouped.has(club)) {
      await ensureOutboxGroup(redis, club.prefix);
      grouped.add(club);
    }
    const room = concurrency - delivery.size;
    const read = xreadgroupReply.parse(
      await redis.xreadgroup(
        'GROUP',
        outboxGroup,
        consumer,
        'COUNT',
        room,
        'STREAMS',
        clubKeys(club.prefix).outbox.stream,
        '>',
      ),
    );
    const entries = read?.[0]?.[1] ?? [];
    const lane = laneOf(club);
    for (const [streamId, fields] of entries) delivery.start(lane, streamId, fields);
    return entries.length === room;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      for (const id of turns.turns()) {
        if (stopping) break;
        while (delivery.size >= concurrency) await delivery.oneEnds();
        try {
          if (await drain(id)) turns.served(id);
          else turns.remove(id);
        } catch (error) {
          const club = directory.club(id);
          if (club && describeError(error).includes('NOGROUP')) grouped.delete(club);
          logger.warn({ club: id, err: describeError(error) }, 'reading an outbox failed');
        }
      }
      if (!stopping && turns.size === 0) await signal.wait();
    }
  }

  async function listen(): Promise<void> {
    while (!stopping) {
      try {
        for (const id of await waitForRings(reader, doorbell, 2)) {
          turns.add(id);
          recent.set(id, Date.now());
        }
        signal.notify();
      } catch {
        if (!stopping) await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  /** Retries that are due back into their streams; abandoned replies taken over. */
  async function sweep(ids: readonly string[], claim: boolean): Promise<void> {
    await Promise.all(
      ids.map(async (id) => {
        // Read by prefix: an idle club's scope is not built just to look.
        const prefix = directory.prefixOf(id);
        if (prefix === undefined) return;
        const keys = clubKeys(prefix).outbox;
        const [waiting, later] = await Promise.all([
          redis.xlen(keys.stream),
          redis.zcard(keys.later),
        ]);
        if (waiting + later === 0) return;
        const club = directory.club(id);
        if (!club) return;
        if (later > 0) await laneOf(club).outbox.promoteDue(Date.now());
        turns.add(id);
        if (!claim || !grouped.has(club)) return;
        const taken = await claimAbandoned(redis, club.prefix, consumer, claimIdleMs, 32);
        for (const [streamId, fields] of taken) delivery.start(laneOf(club), streamId, fields);
      }),
    );
    signal.notify();
  }

  const failed = (error: unknown) =>
    logger.warn({ err: describeError(error) }, 'sweeping the outboxes failed');
  const everySecond = setInterval(() => {
    for (const [id, at] of recent) if (Date.now() - at > 120_000) recent.delete(id);
    void sweep([...recent.keys()], false).catch(failed);
  }, 1_000);
  const everyClub = setInterval(
    () => void sweep(directory.ids(), true).catch(failed),
    options.sweepMs ?? claimIdleMs / 3,
  );
  everySecond.unref();
  everyClub.unref();
  void sweep(directory.ids(), true).catch(failed);
  const looping = loop();
  const listening = listen();

  return {
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(everySecond);
      clearInterval(everyClub);
      signal.notify();
      reader.disconnect();
      await Promise.all([looping, listening]);
      await delivery.settle();
    },
  };
}
