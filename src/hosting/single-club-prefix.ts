import { defaultRoot, singleClubClusterPrefix } from './club-keys.js';
import { clusterNodesOf, type RedisLocation } from './redis-client.js';

/** The environment's club's prefix: `club-bot` as ever, or on a Redis Cluster with the hash tag it needs. */
export function singleClubPrefix(location: Pick<RedisLocation, 'REDIS_CLUSTER_NODES'>): string {
  return clusterNodesOf(location) ? singleClubClusterPrefix : defaultRoot;
}
