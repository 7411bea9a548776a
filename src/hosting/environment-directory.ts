import type { AccessPolicy } from '../access/access-policy.js';
import type { Config } from '../config.js';
import type { ClubDirectory } from './club-directory.js';
import { singleClubPrefix } from './single-club-prefix.js';
import {
  buildClubScope,
  type ClubScope,
  type ClubSettings,
  type ScopeShared,
} from './club-scope.js';

/** The id of the club the environment describes (in logs, metric labels and doorbell rings). */
export const environmentClubId = 'environment';

/** The club the environment describes: its variables, as settings a scope is built from. */
export function environmentClubSettings(
  config: Pick<
    Config,
    | 'CLUB_API_URL'
    | 'CLUB_API_LAYOUT'
    | 'CLUB_API_TOKEN'
    | 'CLUB_DAILY_LIMIT'
    | 'CLUB_TIMEZONE'
    | 'CLUB_REPORTS_MEMBER'
    | 'REDIS_CLUSTER_NODES'
  >,
  policy: AccessPolicy,
): ClubSettings {
  return {
    id: environmentClubId,
    // The prefix it has always had, so an existing deployment's keys carry on unchanged.
    prefix: singleClubPrefix(config),
    apiUrl: config.CLUB_API_URL,
    layout: config.CLUB_API_LAYOUT,
    token: config.CLUB_API_TOKEN,
    dailyLimit: config.CLUB_DAILY_LIMIT,
    timezone: config.CLUB_TIMEZONE,
    policy,
    reportsMember: config.CLUB_REPORTS_MEMBER,
  };
}

/** Options for {@link openEnvironmentDirectory}. */
export interface EnvironmentDirectoryOptions extends ScopeShared {
  settings: ClubSettings;
  /** The club's Discord servers (`DISCORD_GUILD_ID`); any other server is refused. */
  discordGuilds: readonly string[];
}

/**
 * A deployment of one club as a directory of one. Slack: any workspace the adapter lets through
 * is the club's, since with one bot token the adapter serves its own workspace only (auth.test,
 * own-workspace.ts) and refuses people of any other. Discord: the servers of DISCORD_GUILD_ID.
 */
export function openEnvironmentDirectory(options: EnvironmentDirectoryOptions): ClubDirectory {
  const { settings } = options;
  const guilds = new Set(options.discordGuilds);
  let scope: ClubScope | undefined;
  const club = (id: string) => {
    if (id !== settings.id) return undefined;
    scope ??= buildClubScope(settings, options);
    return scope;
  };
  return {
    ids: () => [settings.id],
    club,
    settingsOf: (id) => (id === settings.id ? settings : undefined),
    prefixOf: (id) => (id === settings.id ? settings.prefix : undefined),
    bySlackTeam: () => club(settings.id),
    byDiscordGuild: (guildId) => (guilds.has(guildId) ? club(settings.id) : undefined),
    built: () => (scope ? [scope] : []),
    sealedScope: { mode: 'single', prefix: settings.prefix },
    refresh: async () => undefined,
    async close() {
      await scope?.close().catch(() => undefined);
      scope = undefined;
    },
  };
}

/** `DISCORD_GUILD_ID`'s servers, comma-separated. */
export function guildIdsOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}
