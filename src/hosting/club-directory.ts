import type { Redis } from 'ioredis';
import { defaultAccessPolicy, type AccessPolicy } from '../access/access-policy.js';
import { parseAccessPolicy } from '../access/load-access-policy.js';
import { createClubServices, type ClubServices } from '../app/club-services.js';
import type { ClubCallInfo } from '../club/create-club-client.js';
import { registry as commandRegistry } from '../commands/registry.js';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { clubPrefix } from '../redis/club-keys.js';
import type { ClubRecord } from './club-record.js';
import type { ClubRegistry } from './club-registry.js';
import type { HostConfig } from './host-config.js';

/** A club of the deployment as one process serves it: its record, services and policy. */
export interface HostedClub {
  readonly id: string;
  readonly record: ClubRecord;
  /** Built on first use, on the process's shared connections. */
  readonly services: ClubServices;
  readonly policy: AccessPolicy;
  readonly timezone: string;
}

/** Options for {@link openClubDirectory}. */
export interface ClubDirectoryOptions {
  registry: ClubRegistry;
  config: HostConfig;
  /** The process's connections, shared by every club. */
  connections: { redis: Redis; queueConnection: Redis };
  logger: Logger;
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
  /** How often the registry's version is looked at. Default: 5 s. */
  refreshMs?: number;
  /** Told after a job is put in a club's queue (the jobs doorbell). */
  onEnqueued?: (clubId: string) => Promise<void>;
  onClubCall?: (clubId: string, info: ClubCallInfo) => void;
  /** The budget's window (tests shorten it). Default: 24 h. */
  budgetWindowMs?: number;
  now?: () => number;
}

/**
 * The clubs of the registry, held in memory (a record each) and reloaded when the registry's
 * version moves; each club's services are built on its first command, so an idle club costs its
 * record only. A changed record's services are closed and built again on next use.
 */
export interface ClubDirectory {
  ids(): readonly string[];
  club(id: string): HostedClub | undefined;
  bySlackTeam(teamId: string): HostedClub | undefined;
  byDiscordGuild(guildId: string): HostedClub | undefined;
  /** The clubs whose services are built. */
  built(): HostedClub[];
  /** Reloads the registry if it changed. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export async function openClubDirectory(options: ClubDirectoryOptions): Promise<ClubDirectory> {
  const { logger } = options;
  let records = new Map<string, ClubRecord>();
  let slackTeams = new Map<string, string>();
  let discordGuilds = new Map<string, string>();
  let version = -1;
  const built = new Map<string, HostedClub>();

  async function load(): Promise<void> {
    const seen = await options.registry.version();
    if (seen === version) return;
    const next = new Map((await options.registry.list()).map((club) => [club.id, club]));
    for (const [id, club] of built) {
      if (JSON.stringify(next.get(id)) === JSON.stringify(club.record)) continue;
      built.delete(id);
      await club.services.close().catch(() => undefined);
    }
    records = next;
    slackTeams = new Map([...next.values()].flatMap((c) => c.slackTeams.map((t) => [t, c.id])));
    discordGuilds = new Map(
      [...next.values()].flatMap((c) => c.discordGuilds.map((g) => [g, c.id])),
    );
    version = seen;
  }

  function build(record: ClubRecord): HostedClub {
    const policy = policyOf(record, logger);
    const { config } = options;
    const services = createClubServices({
      config: {
        ...config,
        CLUB_API_URL: record.apiUrl,
        CLUB_API_LAYOUT: record.layout,
        CLUB_API_TOKEN: record.token,
        CLUB_DAILY_LIMIT: record.dailyLimit,
        CLUB_REPORTS_MEMBER: record.reportsMember,
        CLUB_PERSON_DAILY_SHARE: record.personDailyShare ?? config.CLUB_PERSON_DAILY_SHARE,
        CLUB_PERSON_DAILY_FORMS: record.personDailyForms ?? config.CLUB_PERSON_DAILY_FORMS,
      },
      logger: logger.child({ club: record.id }),
      prefix: clubPrefix(record.id, options.root),
      policy,
      connections: options.connections,
      // Notices of changes would need a prefix per club on one tracking connection.
      keyTracking: false,
      budgetWindowMs: options.budgetWindowMs,
      now: options.now,
      onClubCall: (info) => options.onClubCall?.(record.id, info),
    });
    const { queue } = services;
    const ring = () => options.onEnqueued?.(record.id);
    const ringing = {
      ...queue,
      async enqueueCommand(request: Parameters<typeof queue.enqueueCommand>[0]) {
        await queue.enqueueCommand(request);
        await ring();
      },
      async enqueueForm(submission: Parameters<typeof queue.enqueueForm>[0]) {
        await queue.enqueueForm(submission);
        await ring();
      },
    };
    return {
      id: record.id,
      record,
      services: { ...services, queue: ringing },
      policy,
      timezone: record.timezone,
    };
  }

  function club(id: string): HostedClub | undefined {
    const existing = built.get(id);
    if (existing) return existing;
    const record = records.get(id);
    if (!record) return undefined;
    const made = build(record);
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
    bySlackTeam: (teamId) => lookUp(slackTeams.get(teamId)),
    byDiscordGuild: (guildId) => lookUp(discordGuilds.get(guildId)),
    built: () => [...built.values()],
    refresh: load,
    async close() {
      clearInterval(timer);
      await Promise.all([...built.values()].map((c) => c.services.close().catch(() => undefined)));
      built.clear();
    },
  };

  function lookUp(id: string | undefined): HostedClub | undefined {
    return id === undefined ? undefined : club(id);
  }
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
