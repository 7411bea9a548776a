import type { Redis } from 'ioredis';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { configGetReply } from '../redis/redis-script.js';

/** How Redis keeps its data across a restart, as `CONFIG GET` tells. */
export type RedisPersistence =
  | { kind: 'aof' }
  | { kind: 'rdb-only'; save: string }
  | { kind: 'none' }
  /** CONFIG is disabled or refused (managed Redis often does this): nothing to judge by. */
  | { kind: 'unknown'; reason: string };

/** Asks Redis whether it keeps an append-only file (`appendonly`) or RDB snapshots (`save`). */
export async function redisPersistence(redis: Redis): Promise<RedisPersistence> {
  try {
    const [, appendonly] = configGetReply.parse(await redis.config('GET', 'appendonly'));
    const [, save] = configGetReply.parse(await redis.config('GET', 'save'));
    if (appendonly === 'yes') return { kind: 'aof' };
    if (save?.trim()) return { kind: 'rdb-only', save: save.trim() };
    return { kind: 'none' };
  } catch (error) {
    return { kind: 'unknown', reason: describeError(error) };
  }
}

const lost =
  'a restart loses acknowledged forms not yet filed, unposted replies, Discord links and the audit trail';
const fix =
  'Run Redis with appendonly yes (redis.conf, or CONFIG SET appendonly yes then CONFIG REWRITE); docs/operations.md, "Backups and restore".';

/**
 * The start's check that Redis keeps its data: a warning, or in production (`NODE_ENV=production`)
 * a refusal when it keeps nothing on disk. Resolves false when the process must not start.
 */
export async function checkRedisPersistence(
  redis: Redis,
  options: { production: boolean; logger: Logger },
): Promise<boolean> {
  const { logger } = options;
  const found = await redisPersistence(redis);
  switch (found.kind) {
    case 'aof':
      return true;
    case 'rdb-only':
      logger.warn(
        { save: found.save },
        `Redis keeps RDB snapshots only (appendonly no): a crash loses what changed since the last one. ${fix}`,
      );
      return true;
    case 'unknown':
      logger.warn(
        { err: found.reason },
        'could not check that Redis persists (CONFIG GET was refused): make sure it keeps an append-only file',
      );
      return true;
    case 'none':
      if (options.production) {
        logger.fatal(`Redis keeps nothing on disk (appendonly no, no RDB saves): ${lost}. ${fix}`);
        return false;
      }
      logger.warn(`Redis keeps nothing on disk (appendonly no, no RDB saves): ${lost}. ${fix}`);
      return true;
  }
}
