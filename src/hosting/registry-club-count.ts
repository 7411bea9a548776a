import { registryKeys } from './club-keys.js';
import { askRedisOnce, type RedisLocation } from './redis-client.js';

/** Redis named by the environment did not answer at start: nothing can run without it. */
export class RedisUnreachableError extends Error {
  constructor() {
    super(
      'Redis does not answer at REDIS_URL within 5 s. Start Redis (with appendonly yes and maxmemory-policy noeviction) or correct REDIS_URL.',
    );
    this.name = 'RedisUnreachableError';
  }
}

/**
 * How many clubs the registry holds: once `club-bot club add` has stored one, the registry
 * describes the deployment's clubs; with none, the environment describes its one club. Throws
 * {@link RedisUnreachableError} when the Redis named does not answer, rather than guess.
 */
export async function registryClubCount(location: RedisLocation, root?: string): Promise<number> {
  const clubs = await askRedisOnce(
    location,
    (redis) => redis.hlen(registryKeys(root).records),
    undefined,
  );
  if (clubs === undefined) throw new RedisUnreachableError();
  return clubs;
}
