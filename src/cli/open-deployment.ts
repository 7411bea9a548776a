import type { Redis } from 'ioredis';
import { clubPrefix } from '../hosting/club-keys.js';
import { createClubRegistry, type ClubRegistry } from '../hosting/club-registry.js';
import { loadProcessConfig, type ProcessConfig } from '../config.js';
import { registryClubCount, RedisUnreachableError } from '../hosting/registry-club-count.js';
import { singleClubPrefix } from '../hosting/single-club-prefix.js';
import { connectRedis, type RedisLocation } from '../hosting/redis-client.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createSealer } from '../redis/sealer.js';

/**
 * The deployment an admin's command works on: the one club the environment describes (its key
 * prefix as `npm start` uses it), or, once the registry holds clubs, those clubs.
 */
export type Deployment = (
  | { kind: 'single'; config: Config; prefix: string }
  | {
      kind: 'hosting';
      config: ProcessConfig;
      registry: ClubRegistry;
      prefixOf(club: string): string;
    }
) & {
  /** One connection for the command's work; `close()` ends it. */
  redis: Redis;
  close(): Promise<void>;
};

/** Whether the registry describes the clubs (it holds one); false when no Redis is named. */
async function hostsClubs(env: NodeJS.ProcessEnv): Promise<boolean> {
  const url = env.REDIS_URL?.trim();
  const nodes = env.REDIS_CLUSTER_NODES?.trim();
  if (!url && !nodes) return false;
  const location = {
    REDIS_URL: url || `redis://${nodes?.split(',')[0]}`,
    REDIS_CLUSTER_NODES: nodes,
  };
  return (await registryClubCount(location)) > 0;
}

/** Reads the configuration as `npm start` would and connects; throws `ConfigError` naming what is wrong. */
async function openDeployment(env: NodeJS.ProcessEnv = process.env): Promise<Deployment> {
  if (!(await hostsClubs(env))) {
    const config = loadConfig(env);
    return { kind: 'single', config, prefix: singleClubPrefix(config), ...connected(config) };
  }
  const config = loadProcessConfig(env);
  if (!config.CLUB_DATA_KEY) {
    throw new ConfigError([
      'CLUB_DATA_KEY: required: the club registry’s tokens are sealed with it',
    ]);
  }
  const connection = connected(config);
  return {
    kind: 'hosting',
    config,
    registry: createClubRegistry(connection.redis, createSealer(config.CLUB_DATA_KEY)),
    prefixOf: (club) => clubPrefix(club),
    ...connection,
  };
}

function connected(location: RedisLocation): Pick<Deployment, 'redis' | 'close'> {
  const redis = connectRedis(location, { maxRetriesPerRequest: 1 });
  // A failed command says what failed; ioredis's own retry noise stays off the terminal.
  redis.on('error', () => undefined);
  return {
    redis,
    close: () =>
      redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      ),
  };
}

/** {@link openDeployment} for a CLI: a configuration problem is printed, and it exits 1. */
export async function openDeploymentOrExit(): Promise<Deployment> {
  try {
    return await openDeployment();
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof RedisUnreachableError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
