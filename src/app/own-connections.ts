import type { Redis } from 'ioredis';
import { connectRedis, type RedisLocation } from '../hosting/redis-client.js';
import type { Logger } from '../log.js';

/** The two connections of a single club's process (to one server, or a Redis Cluster). */
export function ownConnections(
  location: RedisLocation,
  logger: Logger,
): { redis: Redis; queueConnection: Redis } {
  const redis = connectRedis(location, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  redis.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));
  // BullMQ gets a connection of its own: its worker blocks on it waiting for jobs.
  const queueConnection = connectRedis(location, { maxRetriesPerRequest: null });
  queueConnection.on('error', () => undefined);
  return { redis, queueConnection };
}
