import { askRedisOnce, clusterNodesOf, type RedisLocation } from './redis-client.js';
import { defaultRoot, registryKeys, singleClubClusterPrefix } from '../redis/club-keys.js';

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
 * Whether this deployment hosts clubs from the registry: it does once `npm run club -- add` has
 * stored one. Without a registry, the environment describes the one club, exactly as before.
 * Throws {@link RedisUnreachableError} when the Redis named does not answer, rather than guess.
 */
export async function hostsClubs(env: NodeJS.ProcessEnv): Promise<boolean> {
  const url = env.REDIS_URL?.trim();
  const nodes = env.REDIS_CLUSTER_NODES?.trim();
  if (!url && !nodes) return false;
  const clubs = await askRedisOnce(
    { REDIS_URL: url || `redis://${nodes?.split(',')[0]}`, REDIS_CLUSTER_NODES: nodes },
    (redis) => redis.hlen(registryKeys().records),
    undefined,
  );
  if (clubs === undefined) throw new RedisUnreachableError();
  return clubs > 0;
}

/** The one club's prefix: `club-bot` as ever, or on a Redis Cluster with the hash tag it needs. */
export function singleClubPrefix(location: Pick<RedisLocation, 'REDIS_CLUSTER_NODES'>): string {
  return clusterNodesOf(location) ? singleClubClusterPrefix : defaultRoot;
}
