import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, Status } from 'discord.js';
import type { Redis } from 'ioredis';
import type { AccessPolicy } from '../../access/access-policy.js';
import { createAskerPeek } from '../../access/asker.js';
import type { MemberLinks } from '../../core/chat-user.js';
import type { ReadCache } from '../../cache/read-cache.js';
import type { CommandDefinition } from '../../core/command.js';
import { registry as defaultRegistry } from '../../commands/registry.js';
import type { ReplySink } from '../../delivery/reply-sink.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { Logger } from '../../log.js';
import { connectionPart } from '../../ops/health-part.js';
import type { Sealer } from '../../redis/sealer.js';
import type { RunningPlatform } from '../running-platform.js';
import type { AdapterContext } from './adapter-context.js';
import { createInteractionHandler } from './handle-interaction.js';
import { createDiscordReplySink } from './reply-sink.js';
import { createInteractionState } from './state.js';

/** A club as the Discord adapter needs it: where its state lives, its cache, links and policy. */
export interface DiscordClub {
  readonly redis: Redis;
  readonly prefix: string;
  readonly sealer: Sealer;
  /** Read without loading: the adapter never spends the club's budget. */
  readonly cache: Pick<ReadCache, 'peek'>;
  readonly links: MemberLinks;
  readonly policy: AccessPolicy;
  /** The club's time zone (autocomplete's "today", a form rebuilt to show what was typed). */
  readonly timezone: string;
}

/** Options for {@link startDiscordAdapter}. */
export interface DiscordAdapterOptions<Club extends DiscordClub> {
  /** The bot token (DISCORD_TOKEN). */
  token: string;
  /** The application id (DISCORD_APPLICATION_ID); interactions for any other are ignored. */
  applicationId: string;
  /**
   * Discord's REST base (DISCORD_API_URL), e.g. `http://127.0.0.1:4100/api`; the gateway address
   * comes from its `/gateway/bot`. Default: Discord's.
   */
  apiUrl?: string;
  /**
   * The club whose server this is (one club: its DISCORD_GUILD_ID servers; hosting: the
   * registry's mapping), the same object each time for the same club; undefined refuses.
   */
  clubFor(guildId: string): Club | undefined;
  /** The club's front desk (its queue, policy and rate limit). */
  dispatcherOf(club: Club): Dispatcher;
  /** Default: the bot's registry. */
  registry?: readonly CommandDefinition[];
  logger: Logger;
  /** Told Discord's code when a call to Discord fails (`10062` Unknown interaction…), for metrics. */
  onApiError?: (code: string) => void;
  now?: () => Date;
}

/** The running Discord adapter: one bot application for one club's servers or many clubs'. */
export interface DiscordAdapter<Club> extends RunningPlatform<Club> {
  client: Client;
}

/**
 * Connects to Discord's gateway and answers each interaction for the club whose server it comes
 * from: commands through that club's dispatcher, forms as modals, autocomplete from its cache.
 * discord.js reconnects and resumes by itself after a dropped connection; errors are logged,
 * never thrown out of a listener.
 */
export async function startDiscordAdapter<Club extends DiscordClub>(
  options: DiscordAdapterOptions<Club>,
): Promise<DiscordAdapter<Club>> {
  const logger = options.logger.child({ component: 'discord' });
  const contexts = new WeakMap<Club, AdapterContext>();
  const contextOf = (club: Club): AdapterContext => {
    const made = contexts.get(club);
    if (made) return made;
    const { redis, prefix, sealer, cache, links } = club;
    const context: AdapterContext = {
      applicationId: options.applicationId,
      registry: options.registry ?? defaultRegistry,
      logger,
      onApiError: options.onApiError,
      now: options.now ?? (() => new Date()),
      dispatcher: options.dispatcherOf(club),
      cache,
      peekAsker: createAskerPeek({ cache, policy: club.policy, links }),
      policy: club.policy,
      state: createInteractionState(redis, prefix, sealer),
      timezone: club.timezone,
    };
    contexts.set(club, context);
    return context;
  };
  const sinks = new WeakMap<Club, ReplySink>();
  const sinkOf = (club: Club): ReplySink => {
    const made = sinks.get(club);
    if (made) return made;
    const { redis, prefix, sealer } = club;
    const sink = createDiscordReplySink({
      apiUrl: options.apiUrl,
      token: options.token,
      redis,
      prefix,
      sealer,
      onApiError: options.onApiError,
    });
    sinks.set(club, sink);
    return sink;
  };
  const handle = createInteractionHandler({
    applicationId: options.applicationId,
    logger,
    contextFor(guildId) {
      const club = options.clubFor(guildId);
      return club && contextOf(club);
    },
  });

  // The Guilds intent only: interactions arrive without any intent, and Guilds keeps the guild and
  // channel caches discord.js expects. No message content, members or presences; nothing pings.
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: options.apiUrl ? { api: options.apiUrl } : {},
    allowedMentions: { parse: [] },
  });
  const inFlight = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const handling = handle(interaction);
    inFlight.add(handling);
    void handling.finally(() => inFlight.delete(handling));
  });
  client.on(Events.Error, (error) => logger.error({ err: error.message }, 'discord client error'));
  client.on(Events.ShardError, (error, shard) =>
    logger.warn({ err: error.message, shard }, 'discord gateway connection error; reconnecting'),
  );
  client.on(Events.Warn, (message) => logger.warn({ detail: message }, 'discord warning'));
  client.on(Events.ShardResume, (shard) => logger.info({ shard }, 'discord gateway resumed'));

  try {
    await Promise.all([once(client, Events.ClientReady), client.login(options.token)]);
  } catch (error) {
    await client.destroy();
    throw error;
  }
  logger.info({ application: options.applicationId }, 'discord adapter connected');
  // The client's own ready flag never drops: every gateway shard must be connected now.
  const connected = () =>
    client.ws.shards.size > 0 && client.ws.shards.every((shard) => shard.status === Status.Ready);
  return {
    platform: 'discord',
    client,
    ready: () => connectionPart(connected(), 'connected to the gateway'),
    sinkFor: sinkOf,
    async stop() {
      await Promise.allSettled([...inFlight]);
      await client.destroy();
    },
  };
}
