import { askRedisOnce, clusterNodesOf, type RedisLocation } from './redis-client.js';
import { defaultRoot, registryKeys, singleClubClusterPrefix } from './club-keys.js';

/**
 * Whether this deployment hosts clubs from the registry: it does once `npm run club -- add` has
 * stored one. Without a registry (or without a Redis to ask), the environment describes the one
 * club, exactly as before.
 */
export async function hostsClubs(env: NodeJS.ProcessEnv): Promise<boolean> {
  const url = env.REDIS_URL?.trim();
  const nodes = env.REDIS_CLUSTER_NODES?.trim();
  if (!url && !nodes) return false;
  return askRedisOnce(
    { REDIS_URL: url || `redis://${nodes?.split(',')[0]}`, REDIS_CLUSTER_NODES: nodes },
    async (redis) => (await redis.hlen(registryKeys().records)) > 0,
    false,
  );
}

/** The one club's prefix: `club-bot` as ever, or on a Redis Cluster with the hash tag it needs. */
export function singleClubPrefix(location: Pick<RedisLocation, 'REDIS_CLUSTER_NODES'>): string {
  return clusterNodesOf(location) ? singleClubClusterPrefix : defaultRoot;
}
