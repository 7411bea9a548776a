import type { Redis } from 'ioredis';
import { defaultAccessPolicy, type AccessPolicy } from '../../src/access/access-policy.js';
import { ownConnections } from '../../src/app/own-connections.js';
import type { Config } from '../../src/config.js';
import type { ClubDirectory } from '../../src/hosting/club-directory.js';
import type { ClubScope, ScopeShared } from '../../src/hosting/club-scope.js';
import {
  environmentClubId,
  environmentClubSettings,
  openEnvironmentDirectory,
} from '../../src/hosting/environment-directory.js';
import { doorbellsOf } from '../../src/hosting/start-club-work.js';
import type { Logger } from '../../src/log.js';

/** The environment's club as `club-bot start` opens it: its scope and what runs it. */
export interface OneClub {
  directory: ClubDirectory;
  /** The club's scope (services, dispatcher…), the directory's only club. */
  services: ClubScope;
  redis: Redis;
  queueConnection: Redis;
  /** The root of its keys and its doorbells (the club's prefix too). */
  root: string;
  /** Rings the jobs doorbell, as `club-bot jobs retry` does after putting jobs back. */
  ringJobs(): Promise<void>;
  /** Rings the outbox doorbell: the fair pool's `onReplyPut`. */
  ringOutbox(clubId: string): Promise<void>;
  /** Closes the directory, then the connections. */
  close(): Promise<void>;
}

/**
 * The environment's club as `club-bot start` serves it: a directory of one on connections of its
 * own, its keys and doorbells under `root` (one of the test's own: other test files' pools share
 * the Redis and would take its rings). Processes that share a queue open it with the same root,
 * so that a job queued in one rings the pool of another, and a reply put by a pool rings the
 * deliverer.
 */
export function openOneClub(
  options: Pick<
    ScopeShared,
    'now' | 'onClubCall' | 'onCacheRead' | 'onDispatched' | 'budgetWindowMs'
  > & {
    config: Config;
    logger: Logger;
    root: string;
    /** Default: the default access policy. */
    policy?: AccessPolicy;
    /** Default: the configuration's CLUB_TIMEZONE. */
    timezone?: string;
    /** Whether RATE_LIMIT_PER_MINUTE applies. Default: true, as in `club-bot start`. */
    rateLimit?: boolean;
  },
): OneClub {
  const { config, logger, root } = options;
  const connections = ownConnections(config, logger);
  const bells = doorbellsOf(connections.redis, root);
  const directory = openEnvironmentDirectory({
    settings: {
      ...environmentClubSettings(config, options.policy ?? defaultAccessPolicy),
      prefix: root,
      timezone: options.timezone ?? config.CLUB_TIMEZONE,
    },
    discordGuilds: [],
    config: options.rateLimit === false ? { ...config, RATE_LIMIT_PER_MINUTE: 0 } : config,
    connections,
    logger,
    jobsBell: bells.jobs,
    now: options.now,
    onClubCall: options.onClubCall,
    onCacheRead: options.onCacheRead,
    onDispatched: options.onDispatched,
    budgetWindowMs: options.budgetWindowMs,
  });
  return {
    directory,
    services: directory.club(environmentClubId)!,
    ...connections,
    root,
    ringJobs: () => bells.jobs.ring(environmentClubId),
    ringOutbox: (clubId) => bells.outbox.ring(clubId),
    async close() {
      await directory.close();
      await connections.queueConnection
        .quit()
        .catch(() => connections.queueConnection.disconnect());
      await connections.redis.quit().catch(() => connections.redis.disconnect());
    },
  };
}
