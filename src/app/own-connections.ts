import { Redis } from 'ioredis';
import type { Logger } from '../log.js';

/** The two connections of a single club's process. */
export function ownConnections(
  url: string,
  logger: Logger,
): { redis: Redis; queueConnection: Redis } {
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  redis.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));
  // BullMQ gets a connection of its own: its worker blocks on it waiting for jobs.
  const queueConnection = new Redis(url, { maxRetriesPerRequest: null });
  queueConnection.on('error', () => undefined);
  return { redis, queueConnection };
}
