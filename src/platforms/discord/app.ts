import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, Status, type Interaction } from 'discord.js';
import type { Redis } from 'ioredis';
import type { AccessPolicy } from '../../access/access-policy.js';
import type { AskerPeek } from '../../access/peek-asker.js';
import type { ReadCache } from '../../cache/read-cache.js';
import type { CommandDefinition } from '../../core/command.js';
import { registry as defaultRegistry } from '../../commands/registry.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { createInteractionHandler } from './handle-interaction.js';
import { createInteractionState } from './state.js';

/** Options for {@link startDiscordAdapter}. */
export interface DiscordAdapterOptions {
  /** The bot token (DISCORD_TOKEN). */
  token: string;
  /** The application id (DISCORD_APPLICATION_ID); interactions for any other are ignored. */
  applicationId: string;
  /** The club's own servers (DISCORD_GUILD_ID); interactions from any other are refused. */
  guildIds: readonly string[];
  /**
   * Discord's REST base (DISCORD_API_URL), e.g. `http://127.0.0.1:4100/api`; the gateway address
   * comes from its `/gateway/bot`. Default: Discord's.
   */
  apiUrl?: string;
  dispatcher: Dispatcher;
  /** Default: the bot's registry. */
  registry?: readonly CommandDefinition[];
  /** The shared Redis and key prefix: the cache is peeked, button state is kept there. */
  redis: Redis;
  prefix: string;
  /** Seals the state kept in Redis (replies, typed values, e-mails). */
  sealer: Sealer;
  cache: Pick<ReadCache, 'peek'>;
  peekAsker: AskerPeek;
  policy: AccessPolicy;
  /** The club's time zone (CLUB_TIMEZONE). */
  timezone: string;
  logger: Logger;
  /**
   * Told Discord's code when an answer to an interaction is refused (`10062` Unknown
   * interaction: the 3 s passed), for the platform-errors metric. Default: none.
   */
  onApiError?: (code: string) => void;
  now?: () => Date;
}

/** A running Discord adapter. */
export interface DiscordAdapter {
  client: Client;
  /** Whether every gateway shard is connected now (the client's own ready flag never drops). */
  connected(): boolean;
  /** Waits for interactions being handled, then disconnects. */
  stop(): Promise<void>;
}

/**
 * Connects to Discord's gateway and answers interactions: commands through the dispatcher, forms
 * as modals, autocomplete from the cache. discord.js reconnects and resumes by itself after a
 * dropped connection; errors are logged, never thrown out of a listener.
 */
export async function startDiscordAdapter(options: DiscordAdapterOptions): Promise<DiscordAdapter> {
  const logger = options.logger.child({ component: 'discord' });
  const handle = createInteractionHandler({
    applicationId: options.applicationId,
    guildIds: new Set(options.guildIds),
    dispatcher: options.dispatcher,
    registry: options.registry ?? defaultRegistry,
    cache: options.cache,
    peekAsker: options.peekAsker,
    policy: options.policy,
    state: createInteractionState(options.redis, options.prefix, options.sealer),
    timezone: options.timezone,
    logger,
    onApiError: options.onApiError,
    now: options.now ?? (() => new Date()),
  });
  return connectDiscord(options, logger, handle);
}

/**
 * The gateway connection with its handler: the Guilds intent only, errors logged, interactions
 * being handled waited for on `stop()`. A hosting deployment passes a handler that routes each
 * interaction to its server's club.
 */
export async function connectDiscord(
  options: Pick<DiscordAdapterOptions, 'token' | 'apiUrl' | 'applicationId'>,
  logger: Logger,
  handle: (interaction: Interaction) => Promise<void>,
): Promise<DiscordAdapter> {
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
  return {
    client,
    connected: () =>
      client.ws.shards.size > 0 && client.ws.shards.every((shard) => shard.status === Status.Ready),
    async stop() {
      await Promise.allSettled([...inFlight]);
      await client.destroy();
    },
  };
}
