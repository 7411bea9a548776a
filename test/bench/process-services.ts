import type { RoleRule } from '../../src/access/access-policy.js';
import type { ClubScope } from '../../src/hosting/club-scope.js';
import type { Logger } from '../../src/log.js';
import { createBotMetrics, type BotMetrics } from '../../src/ops/bot-metrics.js';
import {
  benchConfig,
  benchLogger,
  benchPolicy,
  benchRatePerMinute,
  benchTimezone,
} from './bench-setup.js';
import { openOneClub, type OneClub } from '../support/one-club.js';

/** An environment variable a bench child needs. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * A bench child's club as `npm start` opens it, from the environment the runner gives
 * (`BenchBot.workerEnv`): a directory of one under the runner's prefix (the root of its keys and
 * doorbells, shared with the runner and the other children), with the metrics production keeps:
 * every job, club call, cache read, acknowledgement and delivery is counted as in production.
 */
export function processServices(component: string): {
  club: OneClub;
  services: ClubScope;
  logger: Logger;
  metrics: BotMetrics;
  prefix: string;
} {
  const config = benchConfig(requiredEnv('BENCH_CLUB_API_URL'), requiredEnv('BENCH_REDIS_URL'));
  const prefix = requiredEnv('BENCH_PREFIX');
  const logger = benchLogger(component);
  const grants = JSON.parse(process.env.BENCH_GRANTS ?? '[]') as RoleRule[];
  const metrics = createBotMetrics();
  const club = openOneClub({
    config: { ...config, RATE_LIMIT_PER_MINUTE: benchRatePerMinute },
    logger,
    policy: benchPolicy(grants),
    root: prefix,
    timezone: benchTimezone,
    onClubCall: (info, clubId) => metrics.clubCall(info, clubId),
    onCacheRead: metrics.cacheRead,
    onDispatched: metrics.acknowledged,
  });
  return { club, services: club.services, logger, metrics, prefix };
}
