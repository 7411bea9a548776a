import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queue } from 'bullmq';
import type { ClubServices } from '../app/club-services.js';
import { cachedCollections } from '../cache/cached-club-data.js';
import type { ClubCallInfo } from '../club/create-club-client.js';
import type { JobFinished } from '../jobs/club-queue.js';
import type { ReplyDelivered } from '../delivery/reply-delivery.js';

/** The bot's Prometheus metrics (prom-client: the standard Node client, with default process metrics). */
export interface BotMetrics {
  readonly registry: Registry;
  /** An adapter answered a platform within `seconds` (its acknowledgement). */
  acknowledged(platform: string, kind: string, seconds: number): void;
  /** A job ended; `club` labels the command count and the club's errors. */
  jobFinished(event: JobFinished, club?: string): void;
  /** The deliverer posted a reply, will retry it, or gave up on it. */
  replyDelivered(event: ReplyDelivered): void;
  /** A call to the club service; `club` counts its 5xx, 429 and unreachable answers. */
  clubCall(info: ClubCallInfo, club?: string): void;
  cacheRead(collection: string, outcome: 'fresh' | 'stale' | 'miss'): void;
  platformError(platform: string, code: string): void;
  /** Adds the gauges read at scrape time from the shared services: budget, queue, outbox, cache ages. */
  observe(services: Pick<ClubServices, 'budget' | 'queue' | 'cache' | 'outbox'>): void;
  /** Adds each built club's budget gauge, read at scrape time (so it can be called before them). */
  observeClubs(built: () => readonly { id: string; budget: ClubServices['budget'] }[]): void;
}

const latencyBuckets = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Creates the metrics; {@link BotMetrics.observe} adds the gauges that read the services. */
export function createBotMetrics(): BotMetrics {
  const registry = new Registry();
  // Standard names (process_*, nodejs_*), as stock Node dashboards expect; the bot's own carry clubbot_.
  collectDefaultMetrics({ register: registry });
  const commands = new Counter({
    name: 'clubbot_commands_total',
    help: 'Commands and form submissions finished, by name and outcome (and club, when hosting many).',
    labelNames: ['job', 'name', 'outcome', 'club'],
    registers: [registry],
  });
  const digests = new Counter({
    name: 'clubbot_digests_total',
    help: 'Digest occurrences run, by kind and outcome (posted, posted-late, nothing-due, missed, skipped…).',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const ack = new Histogram({
    name: 'clubbot_ack_seconds',
    help: 'Time from a platform request to its acknowledgement.',
    labelNames: ['platform', 'kind'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  const answer = new Histogram({
    name: 'clubbot_answer_seconds',
    help: 'Time from a platform request to its reply being ready (queue wait included).',
    labelNames: ['job', 'name'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  const replies = new Counter({
    name: 'clubbot_replies_total',
    help: 'Replies the deliverer posted, put back for a retry, or gave up on, by platform.',
    labelNames: ['platform', 'outcome'],
    registers: [registry],
  });
  const delivered = new Histogram({
    name: 'clubbot_delivered_seconds',
    help: 'Time from a platform request to the platform taking its reply.',
    labelNames: ['platform'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  const clubCalls = new Counter({
    name: 'clubbot_club_calls_total',
    help: 'Calls to the club service, by method, path template and status.',
    labelNames: ['method', 'path', 'status'],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'clubbot_cache_reads_total',
    help: 'Cache reads by collection and outcome (fresh hit, stale hit, miss).',
    labelNames: ['collection', 'outcome'],
    registers: [registry],
  });
  // Labelled by club: few, so the series stay bounded by the number of clubs.
  const clubErrors = new Counter({
    name: 'clubbot_club_errors_total',
    help: 'Per club: club-service calls answered 5xx or 429, and jobs that ended in a failure.',
    labelNames: ['club', 'kind'],
    registers: [registry],
  });
  const platformErrors = new Counter({
    name: 'clubbot_platform_api_errors_total',
    help: 'Errors from the Slack and Discord APIs, by platform and code.',
    labelNames: ['platform', 'code'],
    registers: [registry],
  });
  function observe(services: Pick<ClubServices, 'budget' | 'queue' | 'cache' | 'outbox'>): void {
    new Gauge({
      name: 'clubbot_outbox_replies',
      help: 'Replies workers have left that the bot has not posted yet (waiting or to be retried).',
      registers: [registry],
      async collect() {
        this.set((await withinScrape(services.outbox.pending())) ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'clubbot_queue_jobs',
      help: 'Jobs in the queue by state.',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        const counts = await withinScrape(
          services.queue.queue.getJobCounts(
            'waiting',
            'active',
            'delayed',
            'failed',
            'prioritized',
          ),
        );
        this.reset();
        for (const [state, count] of Object.entries(counts ?? {})) this.set({ state }, count);
      },
    });
    new Gauge({
      name: 'clubbot_queue_oldest_waiting_seconds',
      help: 'Age of the oldest job waiting to start.',
      registers: [registry],
      async collect() {
        this.set((await withinScrape(oldestWaitingSeconds(services.queue.queue))) ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'clubbot_budget_calls',
      help: 'The daily call budget: used and remaining overall, available per priority.',
      labelNames: ['kind', 'priority'],
      registers: [registry],
      async collect() {
        const state = await withinScrape(services.budget.state());
        this.reset();
        if (!state) return;
        this.set({ kind: 'limit', priority: 'all' }, state.limit);
        this.set({ kind: 'used', priority: 'all' }, state.used);
        this.set({ kind: 'remaining', priority: 'all' }, state.remaining);
        for (const [priority, detail] of Object.entries(state.byPriority)) {
          this.set({ kind: 'available', priority }, detail.available);
        }
      },
    });
    new Gauge({
      name: 'clubbot_cache_age_seconds',
      help: 'Age of each cached collection (absent when not cached).',
      labelNames: ['collection'],
      registers: [registry],
      async collect() {
        const ages = await withinScrape(services.cache.ages(cachedCollections));
        this.reset();
        for (const { key, fetchedAt } of ages ?? []) {
          if (fetchedAt !== null) this.set({ collection: key }, (Date.now() - fetchedAt) / 1000);
        }
      },
    });
  }
  function observeClubs(built: () => readonly { id: string; budget: ClubServices['budget'] }[]) {
    new Gauge({
      name: 'clubbot_club_budget_used_calls',
      help: 'Per club whose services this process has built: calls of its daily budget used, and its limit.',
      labelNames: ['club', 'kind'],
      registers: [registry],
      async collect() {
        this.reset();
        await Promise.all(
          built().map(async ({ id, budget }) => {
            const state = await withinScrape(budget.state());
            if (!state) return;
            this.set({ club: id, kind: 'used' }, state.used);
            this.set({ club: id, kind: 'limit' }, state.limit);
          }),
        );
      },
    });
  }
  return {
    registry,
    observe,
    observeClubs,
    acknowledged: (platform, kind, seconds) => ack.observe({ platform, kind }, seconds),
    jobFinished(event, club) {
      if (club && event.outcome === 'failed') clubErrors.inc({ club, kind: 'job' });
      if (event.name === 'digest') {
        digests.inc({ kind: event.what, outcome: event.outcome });
        return;
      }
      commands.inc({
        job: event.name,
        name: event.what,
        outcome: event.outcome,
        ...(club ? { club } : {}),
      });
      answer.observe({ job: event.name, name: event.what }, event.answerMs / 1000);
    },
    replyDelivered(event) {
      replies.inc({ platform: event.platform, outcome: event.outcome });
      if (event.answerMs !== undefined)
        delivered.observe({ platform: event.platform }, event.answerMs / 1000);
    },
    clubCall(info, club) {
      clubCalls.inc({ method: info.method, path: info.path, status: String(info.status) });
      if (club && (info.status >= 500 || info.status === 429 || info.status === 0))
        clubErrors.inc({ club, kind: 'club-service' });
    },
    cacheRead: (collection, outcome) => cache.inc({ collection, outcome }),
    platformError: (platform, code) => platformErrors.inc({ platform, code }),
  };
}

/** How long a scrape waits for one Redis-backed gauge's read: `/metrics` answers within a second. */
const scrapeReadMs = 500;

/**
 * A gauge's read from the shared Redis, or undefined when Redis does not answer within
 * {@link scrapeReadMs} (or fails): the gauge is then left out (NaN for one without labels), so a
 * Redis outage shows as missing values, never as zeros, and the rest of the scrape still answers.
 */
export async function withinScrape<T>(read: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), scrapeReadMs);
  });
  try {
    return await Promise.race([read.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How long the oldest waiting job has waited, in seconds (0 with none). New jobs go to the head of
 * BullMQ's wait list and workers take from its tail, so the oldest is the first in ascending order.
 */
export async function oldestWaitingSeconds(queue: Queue, now = Date.now()): Promise<number> {
  const [oldest] = await queue.getWaiting(0, 0);
  return oldest ? (now - oldest.timestamp) / 1000 : 0;
}
