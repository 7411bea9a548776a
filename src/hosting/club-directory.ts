import { defaultAccessPolicy, type AccessPolicy } from '../access/access-policy.js';
import { parseAccessPolicy } from '../access/load-access-policy.js';
import { registry as commandRegistry } from '../commands/registry.js';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import type { SealedScope } from '../redis/sealed-values.js';
import { clubPrefix, defaultRoot } from '../redis/club-keys.js';
import type { ClubRecord } from './club-record.js';
import type { ClubRegistry } from './club-registry.js';
import {
  buildClubScope,
  type ClubScope,
  type ClubSettings,
  type ScopeShared,
} from './club-scope.js';

export type { ClubScope, HostedClub } from './club-scope.js';

/** Options for {@link openClubDirectory}. */
export interface ClubDirectoryOptions extends Omit<ScopeShared, 'config'> {
  registry: ClubRegistry;
  config: ScopeShared['config'];
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
  /** How often the registry's version is looked at. Default: 5 s. */
  refreshMs?: number;
}

/**
 * The clubs a process serves, whether the registry describes them or the environment describes
 * one. Each club's scope is built on its first use, so an idle club costs its settings only.
 */
export interface ClubDirectory {
  ids(): readonly string[];
  club(id: string): ClubScope | undefined;
  /** A club's settings, without building its scope (the start-up token check reads these). */
  settingsOf(id: string): ClubSettings | undefined;
  /** Where a club's keys start, without building its scope (the sweeps read by prefix). */
  prefixOf(id: string): string | undefined;
  bySlackTeam(teamId: string): ClubScope | undefined;
  byDiscordGuild(guildId: string): ClubScope | undefined;
  /** The clubs whose scopes are built. */
  built(): ClubScope[];
  /** Which sealed values are the deployment's (the start-up's sealed-data check and migration). */
  readonly sealedScope: SealedScope;
  /** Reloads the registry if it changed. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The clubs of the registry, held in memory (a record each) and reloaded when the registry's
 * version moves. A changed record's scope is closed and built again on next use.
 */
export async function openClubDirectory(options: ClubDirectoryOptions): Promise<ClubDirectory> {
  const { logger } = options;
  let records = new Map<string, ClubRecord>();
  let slackTeams = new Map<string, string>();
  let discordGuilds = new Map<string, string>();
  let version = -1;
  const built = new Map<string, ClubScope>();

  async function load(): Promise<void> {
    const seen = await options.registry.version();
    if (seen === version) return;
    const next = new Map((await options.registry.list()).map((club) => [club.id, club]));
    for (const [id, club] of built) {
      if (JSON.stringify(next.get(id)) === JSON.stringify(club.record)) continue;
      built.delete(id);
      await club.close().catch(() => undefined);
    }
    records = next;
    slackTeams = new Map([...next.values()].flatMap((c) => c.slackTeams.map((t) => [t, c.id])));
    discordGuilds = new Map(
      [...next.values()].flatMap((c) => c.discordGuilds.map((g) => [g, c.id])),
    );
    version = seen;
  }

  const settingsOf = (id: string): ClubSettings | undefined => {
    const record = records.get(id);
    return record && settingsOfRecord(record, policyOf(record, logger), options.root);
  };

  function club(id: string): ClubScope | undefined {
    const existing = built.get(id);
    if (existing) return existing;
    const record = records.get(id);
    if (!record) return undefined;
    const made = buildClubScope(
      settingsOfRecord(record, policyOf(record, logger), options.root),
      options,
    );
    built.set(id, made);
    return made;
  }

  await load();
  const timer = setInterval(
    () =>
      void load().catch((error: unknown) =>
        logger.warn({ err: describeError(error) }, 'reading the club registry failed'),
      ),
    options.refreshMs ?? 5_000,
  );
  timer.unref();
  return {
    ids: () => [...records.keys()],
    club,
    settingsOf,
    prefixOf: (id) => (records.has(id) ? clubPrefix(id, options.root) : undefined),
    sealedScope: { mode: 'hosting', root: options.root ?? defaultRoot },
    bySlackTeam: (teamId) => lookUp(slackTeams.get(teamId)),
    byDiscordGuild: (guildId) => lookUp(discordGuilds.get(guildId)),
    built: () => [...built.values()],
    refresh: load,
    async close() {
      clearInterval(timer);
      await Promise.all([...built.values()].map((c) => c.close().catch(() => undefined)));
      built.clear();
    },
  };

  function lookUp(id: string | undefined): ClubScope | undefined {
    return id === undefined ? undefined : club(id);
  }
}

/** A registry record as the settings a scope is built from. */
function settingsOfRecord(record: ClubRecord, policy: AccessPolicy, root?: string): ClubSettings {
  return {
    id: record.id,
    prefix: clubPrefix(record.id, root),
    apiUrl: record.apiUrl,
    layout: record.layout,
    token: record.token,
    dailyLimit: record.dailyLimit,
    timezone: record.timezone,
    policy,
    reportsMember: record.reportsMember,
    personDailyShare: record.personDailyShare,
    personDailyForms: record.personDailyForms,
    record,
  };
}

/** A club's own policy, or the built-in defaults (least privilege) when it has none or it fails. */
function policyOf(record: ClubRecord, logger: Logger): AccessPolicy {
  if (record.policy === undefined) return defaultAccessPolicy;
  try {
    return parseAccessPolicy(record.policy, commandRegistry, `the policy of ${record.id}`);
  } catch (error) {
    logger.error(
      { club: record.id, err: describeError(error) },
      'the club’s access policy is refused; the defaults apply until it is fixed',
    );
    return defaultAccessPolicy;
  }
}
