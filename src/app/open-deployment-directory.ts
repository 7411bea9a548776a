import { AccessPolicyError, loadAccessPolicy } from '../access/load-access-policy.js';
import { registry as commandRegistry } from '../commands/registry.js';
import { loadConfig } from '../config.js';
import type { Logger } from '../log.js';
import { openClubDirectory, type ClubDirectory } from '../hosting/club-directory.js';
import type { ClubRegistry } from '../hosting/club-registry.js';
import type { ScopeShared } from '../hosting/club-scope.js';
import {
  environmentClubSettings,
  guildIdsOf,
  openEnvironmentDirectory,
} from '../hosting/environment-directory.js';
import { singleClubVariablesSet } from '../config.js';

/** Options for {@link openDeploymentDirectory}. */
export interface DeploymentDirectoryOptions extends ScopeShared {
  registry: ClubRegistry;
  /** How many clubs the registry held at start ({@link registryClubCount}). */
  registryClubs: number;
  env?: NodeJS.ProcessEnv;
  logger: Logger;
}

/**
 * The clubs this deployment serves: the registry's once it holds any, or else the one club the
 * environment describes, as a directory of one. Throws `ConfigError` (the environment's club
 * variables) or `AccessPolicyError` (its ACCESS_POLICY file) when the environment's club is wrong.
 */
export async function openDeploymentDirectory(
  options: DeploymentDirectoryOptions,
): Promise<ClubDirectory> {
  const { logger } = options;
  const env = options.env ?? process.env;
  if (options.registryClubs > 0) {
    const ignored = singleClubVariablesSet(env);
    if (ignored.length > 0) {
      logger.warn(
        { ignored },
        'the club registry describes the clubs: these variables are ignored',
      );
    }
    const directory = await openClubDirectory({ ...options, registry: options.registry });
    logger.info({ clubs: directory.ids().length }, 'hosting the clubs of the registry');
    return directory;
  }
  const config = loadConfig(env);
  const policy = loadAccessPolicy(config.ACCESS_POLICY, commandRegistry);
  const discordGuilds = guildIdsOf(config.DISCORD_GUILD_ID);
  if (config.DISCORD_TOKEN && config.DISCORD_APPLICATION_ID && discordGuilds.length === 0) {
    logger.warn('DISCORD_GUILD_ID is not set: every Discord interaction will be refused.');
  }
  logger.info('serving the club the environment describes');
  return openEnvironmentDirectory({
    ...options,
    settings: environmentClubSettings(config, policy),
    discordGuilds,
  });
}

export { AccessPolicyError };
