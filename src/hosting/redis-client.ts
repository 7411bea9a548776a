import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** Where Redis is: `REDIS_URL`, or `REDIS_CLUSTER_NODES` (host:port, comma-separated) for a cluster. */
export interface RedisLocation {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: string | undefined;
}

/** The cluster's seed nodes, or undefined when Redis is a single server. */
export function clusterNodesOf(location: Pick<RedisLocation, 'REDIS_CLUSTER_NODES'>) {
  const nodes = (location.REDIS_CLUSTER_NODES ?? '')
    .split(',')
    .map((node) => node.trim())
    .filter(Boolean)
    .map((node) => {
      const [host = '', port = ''] = node.replace(/^redis:\/\//, '').split(':');
      return { host, port: Number(port) };
    });
  return nodes.length > 0 ? nodes : undefined;
}

/**
 * A connection to the deployment's Redis: a plain server, or with `REDIS_CLUSTER_NODES` a Redis
 * Cluster through ioredis's Cluster, which routes each command to the node of its key's slot.
 */
export function connectRedis(location: RedisLocation, options: RedisOptions = {}): Redis {
  const nodes = clusterNodesOf(location);
  if (!nodes) return new Redis(location.REDIS_URL, options);
  const { enableAutoPipelining, ...redisOptions } = options;
  const cluster = new Cluster(nodes, {
    redisOptions,
    enableAutoPipelining: enableAutoPipelining ?? false,
    // Commands wait while the cluster's slots move, as they do for a restarting server.
    enableOfflineQueue: true,
  });
  // Cluster speaks every command Redis does, routed by key; the code is typed against Redis.
  return cluster as unknown as Redis;
}

/**
 * Asks Redis one thing at start-up, on a connection of its own that gives up after 5 s and never
 * retries; `fallback` when Redis does not answer.
 */
export async function askRedisOnce<T>(
  location: RedisLocation,
  ask: (redis: Redis) => Promise<T>,
  fallback: T,
): Promise<T> {
  const redis = connectRedis(location, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 5_000,
  });
  redis.on('error', () => undefined);
  try {
    return await ask(redis);
  } catch {
    return fallback;
  } finally {
    redis.disconnect();
  }
}

/** Whether a connection from {@link connectRedis} is a cluster's. */
export function isCluster(redis: Redis): boolean {
  return (redis as unknown as { isCluster?: boolean }).isCluster === true;
}

/** The servers to visit for a SCAN: every master of a cluster, or the one server. */
export function scanTargets(redis: Redis): Redis[] {
  return isCluster(redis) ? (redis as unknown as Cluster).nodes('master') : [redis];
}
