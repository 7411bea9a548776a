import type { Redis } from 'ioredis';
import { clubPrefix } from '../clubs/club-keys.js';
import { createClubRegistry, type ClubRegistry } from '../clubs/club-registry.js';
import { loadHostConfig, type HostConfig } from '../clubs/host-config.js';
import { hostsClubs, singleClubPrefix } from '../clubs/hosting-mode.js';
import { connectRedis } from '../clubs/redis-client.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createSealer } from '../redis/sealer.js';

/**
 * The deployment an admin's command works on: the one club the environment describes (its key
 * prefix as `npm start` uses it), or, once the registry holds clubs, those clubs.
 */
export type Deployment = (
  | { kind: 'single'; config: Config; prefix: string }
  | { kind: 'hosting'; config: HostConfig; registry: ClubRegistry; prefixOf(club: string): string }
) & {
  /** One connection for the command's work; `close()` ends it. */
  redis: Redis;
  close(): Promise<void>;
};

/** Reads the configuration as `npm start` would and connects; throws `ConfigError` naming what is wrong. */
export async function openDeployment(env: NodeJS.ProcessEnv = process.env): Promise<Deployment> {
  const hosting = await hostsClubs(env);
  const config = hosting ? loadHostConfig(env) : loadConfig(env);
  const redis = connectRedis(config, { maxRetriesPerRequest: 1 });
  // A failed command says what failed; ioredis's own retry noise stays off the terminal.
  redis.on('error', () => undefined);
  const close = () =>
    redis.quit().then(
      () => undefined,
      () => redis.disconnect(),
    );
  if (!hosting)
    return {
      kind: 'single',
      config: config as Config,
      prefix: singleClubPrefix(config),
      redis,
      close,
    };
  if (!config.CLUB_DATA_KEY) {
    redis.disconnect();
    throw new ConfigError([
      'CLUB_DATA_KEY: required: the club registry’s tokens are sealed with it',
    ]);
  }
  return {
    kind: 'hosting',
    config,
    registry: createClubRegistry(redis, createSealer(config.CLUB_DATA_KEY)),
    prefixOf: (club) => clubPrefix(club),
    redis,
    close,
  };
}
