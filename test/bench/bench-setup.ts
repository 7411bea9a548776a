import { testDataKey } from '../support/data-key.js';
import { openSync } from 'node:fs';
import {
  defaultAccessPolicy,
  type AccessPolicy,
  type RoleRule,
} from '../../src/access/access-policy.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger, synchronousDestination, type Logger } from '../../src/log.js';

export const benchToken = 'bench-club-token-4f1d';
export const benchSigningSecret = 'bench-signing-secret-77a0';
export const benchBotToken = 'xoxb-bench-token';
export const benchTimezone = 'Europe/London';

/**
 * The per-person command limit during benchmarks. 40 synthetic people send far more than the
 * default 20 commands a minute each; the limiter still runs (one Redis call per command), it just
 * never says no.
 */
export const benchRatePerMinute = 1_000_000;

/** /dev/null, opened once per process and shared by its loggers, as standard output would be. */
let devNull: number | undefined;

/**
 * A logger at `info`, as production runs, writing to /dev/null: every log line is built,
 * redacted, serialised and written (synchronously) as in production, only not kept.
 */
export function benchLogger(component: string): Logger {
  devNull ??= openSync('/dev/null', 'w');
  return createLogger({ level: 'info', role: component }, synchronousDestination(devNull));
}

/** The default policy plus grants by Slack user id (people the club's records alone do not entitle). */
export function benchPolicy(grants: readonly RoleRule[]): AccessPolicy {
  return { ...defaultAccessPolicy, grant: [...grants] };
}

/** The bot's configuration for a bench: the simulator, the bench Redis, defaults otherwise. */
export function benchConfig(
  clubApiUrl: string,
  redisUrl: string,
  extra: Record<string, string> = {},
): Config {
  return loadConfig({
    CLUB_DATA_KEY: testDataKey,
    CLUB_API_URL: clubApiUrl,
    CLUB_API_TOKEN: benchToken,
    REDIS_URL: redisUrl,
    ...extra,
  });
}
