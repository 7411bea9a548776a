import type { RoleRule } from '../../src/access/access-policy.js';
import type { ClubScope } from '../../src/hosting/club-scope.js';
import { openTestClubScope } from '../support/test-club-scope.js';
import type { Logger } from '../../src/log.js';
import { createBotMetrics, type BotMetrics } from '../../src/ops/bot-metrics.js';
import {
  benchConfig,
  benchLogger,
  benchPolicy,
  benchRatePerMinute,
  benchTimezone,
} from './bench-setup.js';

/** An environment variable a bench child needs. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * A bench child's services as `npm start` builds them, from the environment the runner gives
 * (`BenchBot.workerEnv`), with the metrics production keeps: every job, club call, cache read,
 * acknowledgement and delivery is counted as in production.
 */
export function processServices(component: string): {
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
  const services = openTestClubScope({
    config: { ...config, RATE_LIMIT_PER_MINUTE: benchRatePerMinute },
    logger,
    policy: benchPolicy(grants),
    prefix,
    timezone: benchTimezone,
    onClubCall: (info) => metrics.clubCall(info),
    onCacheRead: metrics.cacheRead,
    onDispatched: metrics.acknowledged,
  });
  return { services, logger, metrics, prefix };
}
