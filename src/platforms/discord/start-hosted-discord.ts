import type { Redis } from 'ioredis';
import type { AccessPolicy } from '../../access/access-policy.js';
import type { MemberLinks } from '../../access/member-links.js';
import { createAskerPeek } from '../../access/peek-asker.js';
import type { ReadCache } from '../../cache/read-cache.js';
import type { CommandDefinition } from '../../core/command.js';
import { registry as defaultRegistry } from '../../commands/registry.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { connectDiscord, type DiscordAdapter } from './app.js';
import { createHostedInteractionHandler, type DiscordClubScope } from './hosted-interactions.js';
import { createInteractionState } from './state.js';

/** A club as the Discord adapter needs it: where its state lives, its cache, links and policy. */
export interface DiscordHostedClub {
  services: {
    redis: Redis;
    prefix: string;
    sealer: Sealer;
    cache: ReadCache;
    links: MemberLinks;
  };
  policy: AccessPolicy;
  timezone: string;
}

/** Options for {@link startHostedDiscord}. */
export interface HostedDiscordOptions<C extends DiscordHostedClub> {
  token: string;
  applicationId: string;
  apiUrl?: string;
  registry?: readonly CommandDefinition[];
  logger: Logger;
  onApiError?: (code: string) => void;
  /** The process's Redis and a prefix of the deployment's, for refusals' (unused) state. */
  redis: Redis;
  rootPrefix: string;
  sealer: Sealer;
  /** The club whose server this is (the registry's mapping); undefined refuses. */
  clubFor(guildId: string): C | undefined;
  dispatcherOf(club: C): Dispatcher;
}

/**
 * One Discord bot application for every club of a hosting deployment: an interaction is handled
 * for the club whose server it comes from, with that club's dispatcher, cache, policy and state.
 */
export async function startHostedDiscord<C extends DiscordHostedClub>(
  options: HostedDiscordOptions<C>,
): Promise<DiscordAdapter> {
  const logger = options.logger.child({ component: 'discord' });
  const scopes = new WeakMap<C, DiscordClubScope>();
  const scopeOf = (club: C): DiscordClubScope => {
    let scope = scopes.get(club);
    if (!scope) {
      const { services } = club;
      scope = {
        dispatcher: options.dispatcherOf(club),
        cache: services.cache,
        peekAsker: createAskerPeek({
          cache: services.cache,
          policy: club.policy,
          links: services.links,
        }),
        policy: club.policy,
        state: createInteractionState(services.redis, services.prefix, services.sealer),
        timezone: club.timezone,
      };
      scopes.set(club, scope);
    }
    return scope;
  };
  const handle = createHostedInteractionHandler({
    base: {
      applicationId: options.applicationId,
      registry: options.registry ?? defaultRegistry,
      logger,
      onApiError: options.onApiError,
      now: () => new Date(),
    },
    refusalState: createInteractionState(options.redis, options.rootPrefix, options.sealer),
    clubFor(guildId) {
      const club = options.clubFor(guildId);
      return club && scopeOf(club);
    },
  });
  return connectDiscord(options, logger, handle);
}
