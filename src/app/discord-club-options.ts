import type { AccessPolicy } from '../access/access-policy.js';
import { createAskerPeek } from '../access/peek-asker.js';
import type { DiscordAdapterOptions } from '../platforms/discord/app.js';
import type { ClubServices } from './club-services.js';

/** What the Discord adapter takes from a club's services: its Redis state, cache and policy. */
export function discordClubOptions(
  services: Pick<ClubServices, 'redis' | 'prefix' | 'sealer' | 'cache' | 'links' | 'policy'>,
  policy: AccessPolicy = services.policy,
): Pick<DiscordAdapterOptions, 'redis' | 'prefix' | 'sealer' | 'cache' | 'peekAsker' | 'policy'> {
  return {
    redis: services.redis,
    prefix: services.prefix,
    sealer: services.sealer,
    cache: services.cache,
    peekAsker: createAskerPeek({ cache: services.cache, policy, links: services.links }),
    policy,
  };
}
