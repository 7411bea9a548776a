import type { RoleRule } from '../../src/access/access-policy.js';
import { createClubServices, type ClubServices } from '../../src/app/club-services.js';
import type { Logger } from '../../src/log.js';
import { createBotMetrics, type BotMetrics } from '../../src/ops/bot-metrics.js';
import { benchConfig, benchLogger, benchPolicy } from './bench-setup.js';

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
  services: ClubServices;
  logger: Logger;
  metrics: BotMetrics;
  prefix: string;
} {
  const config = benchConfig(requiredEnv('BENCH_CLUB_API_URL'), requiredEnv('BENCH_REDIS_URL'));
  const prefix = requiredEnv('BENCH_PREFIX');
  const logger = benchLogger(component);
  const grants = JSON.parse(process.env.BENCH_GRANTS ?? '[]') as RoleRule[];
  const metrics = createBotMetrics();
  const services = createClubServices({
    config,
    logger,
    policy: benchPolicy(grants),
    prefix,
    onClubCall: metrics.clubCall,
    onCacheRead: metrics.cacheRead,
  });
  return { services, logger, metrics, prefix };
}
