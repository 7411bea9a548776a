import type { Redis } from 'ioredis';
import { describeError } from '../errors.js';

/** One part of the bot and whether it is healthy, with a word on why. */
export interface HealthPart {
  healthy: boolean;
  detail: string;
}

export interface HealthReport {
  healthy: boolean;
  parts: Record<string, HealthPart>;
}

/** Keys the worker and the club client write for the health check. */
export const healthKeys = {
  workerHeartbeat: (prefix: string) => `${prefix}:health:worker-heartbeat`,
  clubLastAnswer: (prefix: string) => `${prefix}:health:club-last-answer`,
};

/** Options for {@link checkHealth}. */
export interface HealthOptions {
  redis: Redis;
  prefix: string;
  /** Each configured platform and whether it is connected. */
  platforms: () => Record<string, boolean>;
  /** A worker heartbeat older than this is unhealthy. Default: 60 s. */
  heartbeatMaxAgeMs?: number;
  now?: () => number;
}

/**
 * `/healthz`: Redis reachable, a worker's last heartbeat, the club service's last answer, the
 * platforms connected. A spent budget is not unhealthy (the bot still answers from its cache);
 * a rejected token (401) is, because only an operator can fix it.
 */
export async function checkHealth(options: HealthOptions): Promise<HealthReport> {
  const now = (options.now ?? Date.now)();
  const parts: Record<string, HealthPart> = {};
  let heartbeat: string | null = null;
  let club: Record<string, string> = {};
  try {
    const ping = options.redis.ping();
    const answered = await Promise.race([
      ping,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000)),
    ]);
    if (answered !== 'PONG') throw new Error('no answer within 1 s');
    [heartbeat, club] = await Promise.all([
      options.redis.get(healthKeys.workerHeartbeat(options.prefix)),
      options.redis.hgetall(healthKeys.clubLastAnswer(options.prefix)),
    ]);
    parts.redis = { healthy: true, detail: 'reachable' };
  } catch (error) {
    parts.redis = {
      healthy: false,
      detail: `unreachable: ${describeError(error)}`,
    };
  }
  if (parts.redis.healthy) {
    const age = heartbeat ? now - Number(heartbeat) : undefined;
    const maxAge = options.heartbeatMaxAgeMs ?? 60_000;
    parts.worker =
      age === undefined
        ? { healthy: false, detail: 'no worker has reported' }
        : { healthy: age <= maxAge, detail: `last heartbeat ${Math.round(age / 1000)} s ago` };
    const status = Number(club.status);
    parts.club =
      club.status === undefined
        ? { healthy: true, detail: 'not called yet' }
        : status === 401
          ? {
              healthy: false,
              detail:
                'the club service rejected the API token (401): reset it and set CLUB_API_TOKEN',
            }
          : {
              healthy: true,
              detail: `last answered ${status} ${Math.round((now - Number(club.at)) / 1000)} s ago`,
            };
  }
  for (const [platform, connected] of Object.entries(options.platforms())) {
    parts[platform] = { healthy: connected, detail: connected ? 'connected' : 'not connected' };
  }
  return { healthy: Object.values(parts).every((part) => part.healthy), parts };
}
