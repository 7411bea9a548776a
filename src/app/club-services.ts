import type { Redis } from 'ioredis';
import { defaultAccessPolicy, type AccessPolicy } from '../access/access-policy.js';
import { createAuditTrail, type AuditTrail } from '../access/audit-trail.js';
import { createMemberLinks, createAskerResolver, type AskerResolver } from '../access/asker.js';
import type { MemberLinks } from '../core/chat-user.js';
import { createDailyBudget } from '../budget/create-daily-budget.js';
import type { DailyBudget } from '../budget/daily-budget.js';
import type { Priority } from '../budget/priority.js';
import type { PersonShare } from '../budget/person-share.js';
import { createPersonShares } from '../budget/person-shares.js';
import {
  createCachedClubData,
  createPersonalClubData,
  freshnessOf,
} from '../cache/cached-club-data.js';
import type { ChatUser } from '../core/chat-user.js';
import { createKeyTracking } from '../cache/key-tracking.js';
import {
  createCodeOfConductRead,
  type CodeOfConductReading,
} from '../cache/read-code-of-conduct.js';
import { createReadCache, type ReadCache } from '../cache/read-cache.js';
import type { ClubApi } from '../club/club-api.js';
import { createClubLayout, redisLayoutMemory } from '../club/club-layout.js';
import type { ClubCallInfo } from '../club/create-club-client.js';
import type { ClubData, QuotaReport } from '../core/club-data.js';
import type { Config } from '../config.js';
import { createBudgetedClubApis } from '../club/budgeted-club-apis.js';
import { createClubReachability, type ClubReachability } from '../club/club-reachability.js';
import { createClubQueue, type ClubQueue, type ClubQueueOptions } from '../jobs/club-queue.js';
import { createReplyOutbox, type ReplyOutbox } from '../delivery/reply-outbox.js';
import { createFiler, type Filer } from '../jobs/file-once.js';
import type { Logger } from '../log.js';
import type { Sealer } from '../redis/sealer.js';
import { loggedSealer } from './logged-sealer.js';
import { describeError } from '../errors.js';
import { ownConnections } from './own-connections.js';
import { readQuota } from './read-quota.js';
import { clusterNodesOf } from '../hosting/redis-client.js';
import { clubKeys, clubOfPrefix, defaultRoot } from '../redis/club-keys.js';

/** Options for {@link createClubServices}. */
export interface ClubServicesOptions {
  config: Pick<
    Config,
    | 'REDIS_URL'
    | 'CLUB_API_URL'
    | 'CLUB_API_LAYOUT'
    | 'CLUB_API_TOKEN'
    | 'CLUB_DAILY_LIMIT'
    | 'CLUB_API_TIMEOUT_MS'
    | 'CACHE_FRESH_SECONDS'
    | 'CLUB_DATA_KEY'
    | 'CLUB_PERSON_DAILY_SHARE'
    | 'CLUB_PERSON_DAILY_FORMS'
    | 'CLUB_REPORTS_MEMBER'
  > &
    Partial<Pick<Config, 'REDIS_CLUSTER_NODES'>>;
  logger: Logger;
  /** Prefix of every Redis key (queue, budget, cache). Default: `club-bot`. */
  prefix?: string;
  policy?: AccessPolicy;
  /** The budget's window. Default: 24 h (tests shorten it). */
  budgetWindowMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
  onClubCall?: (info: ClubCallInfo) => void;
  onCacheRead?: (collection: string, outcome: 'fresh' | 'stale' | 'miss') => void;
  /** Connections shared by the clubs of a hosting process; `close()` leaves them. Default: its own. */
  connections?: { redis: Redis; queueConnection: Redis };
  /** Hold cached collections in memory until Redis tells of a change. Default: not on a cluster. */
  keyTracking?: boolean;
  /** Rung after each job is queued (the process's jobs doorbell, with this club's id). */
  doorbell?: ClubQueueOptions['doorbell'];
}

/** Everything the bot's processes share through Redis: queue, budget, cache, links. */
export interface ClubServices {
  redis: Redis;
  /** BullMQ's connection (queue and worker); its errors reach the log through theirs. */
  queueConnection: Redis;
  prefix: string;
  /** Seals every value holding personal data that the bot writes to Redis. */
  sealer: Sealer;
  budget: DailyBudget;
  cache: ReadCache;
  /** The club's data through the cache; loads spend the budget. Used by the worker only. */
  data: ClubData;
  /** The club's data as one person's command reads it: cold reads spend their own share too. */
  dataFor(user: ChatUser): ClubData;
  /** The codes of conduct where the host has them (beyond the spec); a 404 is asked once a day. */
  codeOfConduct(): Promise<CodeOfConductReading>;
  /** Counts a form one person files, or throws when they have filed their share today. */
  formsShare: PersonShare;
  apiFor(priority: Priority): ClubApi;
  /** What this process's calls have seen of the club service (for `/readyz`). */
  reachability: ClubReachability;
  links: MemberLinks;
  policy: AccessPolicy;
  resolveAsker: AskerResolver;
  queue: ClubQueue;
  /** The count of replies waiting to be delivered (for the metrics). */
  outbox: Pick<ReplyOutbox, 'pending'>;
  filer: Filer;
  audit: AuditTrail;
  /** `CLUB_REPORTS_MEMBER`: whom reports from people the bot cannot link are filed under. */
  reportsMember?: string;
  quota(): Promise<QuotaReport>;
  close(): Promise<void>;
}

export function createClubServices(options: ClubServicesOptions): ClubServices {
  const { config, logger } = options;
  const prefix = options.prefix ?? defaultRoot;
  const now = options.now ?? Date.now;
  if (!config.CLUB_DATA_KEY) {
    throw new Error(
      'CLUB_DATA_KEY is not set: personal data is sealed in Redis with it. `club-bot setup-key` prints a new key.',
    );
  }
  const sealer = loggedSealer(config.CLUB_DATA_KEY, logger, clubOfPrefix(prefix));
  const { redis, queueConnection } = options.connections ?? ownConnections(config, logger);

  const budget = createDailyBudget({
    redis,
    prefix,
    limit: config.CLUB_DAILY_LIMIT,
    windowMs: options.budgetWindowMs,
    now,
  });
  // Cached collections and member links are held in memory until Redis tells of a change: a
  // command on a warm cache then reads nothing from Redis.
  const tracking =
    (options.keyTracking ?? !clusterNodesOf(config)) === false
      ? undefined
      : createKeyTracking(redis, clubKeys(prefix).trackedUnder, (error) =>
          logger.info(
            { err: describeError(error) },
            'cache change notices unavailable; every read asks Redis',
          ),
        );
  const cache = createReadCache({
    redis,
    sealer,
    prefix,
    tracking,
    onRead: options.onCacheRead,
    freshMs: freshnessOf(config.CACHE_FRESH_SECONDS * 1000),
    now,
    onBackgroundError: (key, error) =>
      logger.info({ collection: key, err: describeError(error) }, 'background refresh did not run'),
  });
  const layout = createClubLayout({
    setting: config.CLUB_API_LAYOUT,
    memory: redisLayoutMemory(redis, clubKeys(prefix).clubLayout),
    now,
    onFound: (found) =>
      logger.info({ layout: found }, `the club service answers in the ${found} layout`),
  });
  const reachability = createClubReachability();
  const apiFor = createBudgetedClubApis({
    baseUrl: config.CLUB_API_URL,
    token: config.CLUB_API_TOKEN,
    layout,
    timeoutMs: config.CLUB_API_TIMEOUT_MS,
    budget,
    fetch: options.fetch,
    onCall(info) {
      reachability.answered(info.status);
      options.onClubCall?.(info);
    },
    onNetworkFailure: (fault) => reachability.failed(fault.message),
  });
  const data = createCachedClubData(cache, apiFor);
  const shares = createPersonShares({
    redis,
    prefix,
    clubLimit: config.CLUB_DAILY_LIMIT,
    settings: {
      callsPercent: config.CLUB_PERSON_DAILY_SHARE,
      formsPerDay: config.CLUB_PERSON_DAILY_FORMS,
    },
    windowMs: options.budgetWindowMs,
    now,
  });
  const dataFor = createPersonalClubData({ cache, apis: apiFor, spend: shares.calls, now });
  const links = createMemberLinks(redis, prefix, sealer, tracking);
  const policy = options.policy ?? defaultAccessPolicy;
  const queue = createClubQueue({
    connection: queueConnection,
    prefix,
    sealer,
    doorbell: options.doorbell,
  });
  // Without a listener BullMQ prints each error with its stack to stderr, past the logger.
  queue.queue.on('error', (error) => logger.warn({ err: error.message }, 'queue error'));

  return {
    redis,
    queueConnection,
    prefix,
    sealer,
    budget,
    cache,
    data,
    dataFor,
    codeOfConduct: createCodeOfConductRead({ cache, apiFor, redis, prefix, now }),
    formsShare: shares.forms,
    apiFor,
    reachability,
    links,
    policy,
    resolveAsker: createAskerResolver({ data, policy, links }),
    queue,
    outbox: createReplyOutbox(redis, prefix, sealer),
    filer: createFiler({ redis, prefix }),
    audit: createAuditTrail({ redis, prefix }),
    reportsMember: config.CLUB_REPORTS_MEMBER,
    quota: () => readQuota({ budget, cache, queue, layout }),
    async close() {
      await cache.settle();
      await tracking?.close();
      await queue.close();
      if (options.connections) return;
      await queueConnection.quit().catch(() => queueConnection.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
