import { QueueKeys } from 'bullmq';
import type { Redis } from 'ioredis';
import { clubWorkerOptions } from './club-worker-options.js';
import { queueName, doorbellKeys } from '../redis/club-keys.js';
import { createJobProcessor } from '../jobs/create-worker.js';
import {
  clubWorkerSettings,
  defaultConcurrency,
  watchWorker,
} from '../jobs/club-worker-settings.js';
import type { JobFinished } from '../jobs/club-queue.js';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import type { Heartbeat } from '../ops/heartbeat.js';
import { ClubFetcher } from './club-fetcher.js';
import type { ClubDirectory, HostedClub } from './club-directory.js';
import { waitForRings, RoundRobin, Signal } from './doorbell.js';
import { createWakeTimer } from './wake-timer.js';

/** Options for {@link startFairWorkerPool}. */
export interface FairWorkerPoolOptions {
  directory: ClubDirectory;
  /** The process's shared connection; the doorbell is read on a duplicate of it. */
  redis: Redis;
  /** BullMQ's shared connection (`maxRetriesPerRequest: null`). */
  queueConnection: Redis;
  logger: Logger;
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
  /** Jobs at once in this process, all clubs together. Default: 8. */
  concurrency?: number;
  /**
   * Jobs at once of one club, so a club whose service hangs cannot take every slot. Default: half,
   * or every slot while the directory holds one club (there is no other to keep room for).
   */
  perClubConcurrency?: number;
  /** A job's lock; another process takes the job over once it lapses. Default: 30 s. */
  lockDurationMs?: number;
  /** How often every club's queue is looked at: lost rings, stalled jobs. Default: 15 s. */
  sweepMs?: number;
  onFinished?: (event: JobFinished, clubId: string) => void;
  /** Told after a reply went into a club's outbox (the deliverer's doorbell). */
  onReplyPut?: (clubId: string) => Promise<void>;
  /** Beaten after each pass over the clubs (the doorbell's reader wakes one every 2 s at most). */
  heartbeat?: Heartbeat;
  /** The commands' clock (tests move it). Default: the real one. */
  now?: () => number;
}

/** A running pool; `close()` stops taking jobs and waits for those under way. */
export interface FairWorkerPool {
  /** Jobs under way now. */
  running(): number;
  close(): Promise<void>;
}

interface Entry {
  club: HostedClub;
  fetcher: ClubFetcher;
  running: number;
}

/**
 * One worker pool for every club: a queue per club, and jobs taken from them in turn, one per
 * club with work before any club gets a second, so one club's flood, spent budget or sick service
 * never holds another club's answers back. The doorbell tells which clubs have work; a delayed
 * job wakes its club when due; a sweep finds what a lost ring or a dead process left.
 */
export function startFairWorkerPool(options: FairWorkerPoolOptions): FairWorkerPool {
  const { directory, logger } = options;
  const concurrency = options.concurrency ?? defaultConcurrency;
  const half = Math.max(1, Math.ceil(concurrency / 2));
  const perClub = () =>
    options.perClubConcurrency ?? (directory.ids().length > 1 ? half : concurrency);
  const lockDurationMs = options.lockDurationMs ?? 30_000;
  const sweepMs = options.sweepMs ?? 15_000;
  const doorbell = doorbellKeys(options.root).jobs;
  const reader = options.redis.duplicate({ enableAutoPipelining: false });
  reader.on('error', () => undefined);
  const turns = new RoundRobin();
  const signal = new Signal();
  const wake = createWakeTimer((id) => {
    turns.add(id);
    signal.notify();
  });
  const entries = new Map<string, Entry>();
  const underWay = new Set<Promise<void>>();
  let stopping = false;

  function entryOf(id: string): Entry | undefined {
    const club = directory.club(id);
    const entry = entries.get(id);
    if (entry && entry.club === club) return entry;
    if (entry) retire(entry);
    if (!club) return undefined;
    const settings = clubWorkerSettings({
      connection: options.queueConnection,
      prefix: club.prefix,
      concurrency,
      lockDurationMs,
      // BullMQ checks a queue for stalled jobs at most once in this time, whoever asks.
      stalledIntervalMs: sweepMs,
    });
    const processor = createJobProcessor({
      ...clubWorkerOptions({
        services: club,
        logger: logger.child({ club: id }),
        timezone: club.timezone,
        now: options.now,
        onFinished: (event) => options.onFinished?.(event, id),
        onReplyPut: () => options.onReplyPut?.(id) ?? Promise.resolve(),
      }),
    });
    const made = { club, fetcher: new ClubFetcher(processor, settings), running: 0 };
    watchWorker(made.fetcher.worker, logger.child({ club: id }));
    entries.set(id, made);
    return made;
  }

  /** A club whose record changed: its old fetcher closes once its jobs are done. */
  function retire(entry: Entry): void {
    entries.delete(entry.club.id);
    const close = async () => {
      while (entry.running > 0) await Promise.race(underWay);
      await entry.fetcher.close();
    };
    void close().catch(() => undefined);
  }

  function start(entry: Entry, job: Awaited<ReturnType<ClubFetcher['next']>>): void {
    if (!job) return;
    entry.running += 1;
    const run: Promise<void> = entry.fetcher
      .run(job.job, job.token, lockDurationMs)
      .catch((error: unknown) =>
        logger.error({ club: entry.club.id, err: describeError(error) }, 'a job could not run'),
      )
      .finally(() => {
        entry.running -= 1;
        underWay.delete(run);
        // Its club may have more; BullMQ moved a retried job to delayed meanwhile.
        turns.add(entry.club.id);
        signal.notify();
      });
    underWay.add(run);
  }

  /** One pass over the clubs with work, a job from each while slots are free. */
  async function pass(): Promise<void> {
    for (const id of turns.turns()) {
      if (stopping || underWay.size >= concurrency) return;
      const entry = entryOf(id);
      if (!entry) {
        turns.remove(id);
        continue;
      }
      if (entry.running >= perClub()) continue;
      const job = await entry.fetcher.next();
      if (job) {
        turns.served(id);
        start(entry, job);
        continue;
      }
      turns.remove(id);
      const dueAt = entry.fetcher.nextDueAt();
      if (dueAt > 0) wake.at(id, dueAt);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await pass();
        options.heartbeat?.beat();
      } catch (error) {
        logger.warn({ err: describeError(error) }, 'taking a job failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      if (!stopping) await signal.wait();
    }
  }

  async function listen(): Promise<void> {
    while (!stopping) {
      try {
        for (const id of await waitForRings(reader, doorbell, 2)) turns.add(id);
        signal.notify();
      } catch {
        if (!stopping) await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  /** Every club's queue: work a lost ring left waiting, and jobs a dead process left active. */
  async function sweep(): Promise<void> {
    await Promise.all(
      directory.ids().map(async (id) => {
        // Read by prefix: an idle club's scope is not built just to look.
        const prefix = directory.prefixOf(id);
        if (prefix === undefined) return;
        const at = new QueueKeys(prefix).getKeys(queueName);
        const redis = options.redis;
        const [waiting, prioritized, delayed, active] = await Promise.all([
          redis.llen(at.wait ?? ''),
          redis.zcard(at.prioritized ?? ''),
          redis.zcard(at.delayed ?? ''),
          redis.llen(at.active ?? ''),
        ]);
        if (waiting + prioritized + delayed > 0) turns.add(id);
        if (active > 0) await entryOf(id)?.fetcher.recoverStalled();
      }),
    );
    signal.notify();
  }

  const sweeper = setInterval(
    () =>
      void sweep().catch((error: unknown) =>
        logger.warn({ err: describeError(error) }, 'sweeping the clubs’ queues failed'),
      ),
    sweepMs,
  );
  sweeper.unref();
  void sweep().catch(() => undefined);
  const looping = loop();
  const listening = listen();

  return {
    running: () => underWay.size,
    async close() {
      stopping = true;
      clearInterval(sweeper);
      wake.clear();
      signal.notify();
      reader.disconnect();
      await Promise.all([looping, listening]);
      await Promise.allSettled(underWay);
      await Promise.all([...entries.values()].map((entry) => entry.fetcher.close()));
      entries.clear();
    },
  };
}
