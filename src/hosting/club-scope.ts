import type { Redis } from 'ioredis';
import { type AccessPolicy, createRateLimit } from '../access/access-policy.js';
import { createAskerPeek, type AskerPeek } from '../access/asker.js';
import { createContactsPeek } from '../access/peek-contacts.js';
import { createClubServices, type ClubServices } from '../app/club-services.js';
import type { ClubApiLayoutSetting } from '../club/club-layout.js';
import type { ClubCallInfo } from '../club/create-club-client.js';
import { registry } from '../commands/registry.js';
import type { Config } from '../config.js';
import { createDispatcher, type Dispatcher } from '../dispatch/create-dispatcher.js';
import type { Logger } from '../log.js';
import type { Doorbell } from './doorbell.js';
import type { ClubRecord } from './club-record.js';

/**
 * What tells one club apart, wherever it is described: a record of the registry, or the
 * environment of a deployment of one club. Nothing here connects to anything.
 */
export interface ClubSettings {
  id: string;
  /** The start of every key of the club (`club-bot` for the environment's club, as ever). */
  prefix: string;
  apiUrl: string;
  layout: ClubApiLayoutSetting;
  token: string;
  dailyLimit: number;
  timezone: string;
  policy: AccessPolicy;
  reportsMember?: string;
  /** A person's share of the daily limit, in percent, and forms a day (default: the environment's). */
  personDailyShare?: number;
  personDailyForms?: number;
  /** The registry's record, when the club is one of the registry's. */
  record?: ClubRecord;
}

/**
 * One club as the process serves it: its id, prefix, Redis, sealer, budget, cache and policy
 * (its services), its time zone, and the dispatcher its platforms hand requests to.
 */
export interface ClubScope extends ClubServices {
  readonly id: string;
  readonly timezone: string;
  readonly record?: ClubRecord;
  readonly dispatcher: Dispatcher;
  readonly peekAsker: AskerPeek;
}

/** The former name of {@link ClubScope}, for modules not yet moved to it. */
export type HostedClub = ClubScope;

/** What every club of a process shares: its configuration, connections and hooks. */
export interface ScopeShared {
  config: Pick<
    Config,
    | 'REDIS_URL'
    | 'REDIS_CLUSTER_NODES'
    | 'CLUB_API_TIMEOUT_MS'
    | 'CACHE_FRESH_SECONDS'
    | 'CLUB_DATA_KEY'
    | 'CLUB_PERSON_DAILY_SHARE'
    | 'CLUB_PERSON_DAILY_FORMS'
    | 'RATE_LIMIT_PER_MINUTE'
  >;
  /** The process's connections, shared by every club. */
  connections: { redis: Redis; queueConnection: Redis };
  logger: Logger;
  /** Rung with the club's id after a job is put in its queue. */
  jobsBell?: Doorbell;
  onClubCall?: (info: ClubCallInfo, clubId: string) => void;
  onCacheRead?: (collection: string, outcome: 'fresh' | 'stale' | 'miss') => void;
  onDispatched?: (platform: string, kind: string, seconds: number) => void;
  /** The budget's window (tests shorten it). Default: 24 h. */
  budgetWindowMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

/** Builds a club's scope on the process's connections; `close()` leaves the connections. */
export function buildClubScope(settings: ClubSettings, shared: ScopeShared): ClubScope {
  const { config } = shared;
  const { policy } = settings;
  const services = createClubServices({
    config: {
      ...config,
      CLUB_API_URL: settings.apiUrl,
      CLUB_API_LAYOUT: settings.layout,
      CLUB_API_TOKEN: settings.token,
      CLUB_DAILY_LIMIT: settings.dailyLimit,
      CLUB_REPORTS_MEMBER: settings.reportsMember,
      CLUB_PERSON_DAILY_SHARE: settings.personDailyShare ?? config.CLUB_PERSON_DAILY_SHARE,
      CLUB_PERSON_DAILY_FORMS: settings.personDailyForms ?? config.CLUB_PERSON_DAILY_FORMS,
    },
    logger: shared.logger.child({ club: settings.id }),
    prefix: settings.prefix,
    policy,
    connections: shared.connections,
    budgetWindowMs: shared.budgetWindowMs,
    now: shared.now,
    fetch: shared.fetch,
    onCacheRead: shared.onCacheRead,
    onClubCall: (info) => shared.onClubCall?.(info, settings.id),
    doorbell: shared.jobsBell && { bell: shared.jobsBell, clubId: settings.id },
  });
  const peekAsker = createAskerPeek({ cache: services.cache, policy, links: services.links });
  const dispatcher = createDispatcher({
    registry,
    policy,
    queue: services.queue,
    peekAsker,
    peekContacts: createContactsPeek({
      cache: services.cache,
      policy,
      reportsMember: services.reportsMember,
    }),
    timezone: settings.timezone,
    now: shared.now && (() => new Date(shared.now!())),
    onDispatched: shared.onDispatched,
    rateLimit: config.RATE_LIMIT_PER_MINUTE
      ? createRateLimit({
          redis: services.redis,
          prefix: services.prefix,
          perMinute: config.RATE_LIMIT_PER_MINUTE,
        })
      : undefined,
  });
  const scope: ClubScope = {
    ...services,
    id: settings.id,
    timezone: settings.timezone,
    ...(settings.record ? { record: settings.record } : {}),
    dispatcher,
    peekAsker,
  };
  return scope;
}
