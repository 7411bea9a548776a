import type { ClubServices } from '../app/club-services.js';
import type { ChatUser, Platform } from '../core/chat-user.js';
import { createReplyOutbox } from '../delivery/reply-outbox.js';
import { createSubscriptionStore } from '../digests/subscription-store.js';
import { createWelfareHerald, type WelfareHerald } from './welfare-herald.js';

const platforms: readonly Platform[] = ['slack', 'discord', 'console'];

/**
 * The herald on a club's services. The welfare officers it can reach are the people the bot has
 * met holding the welfare role (kept for welfare digests) and every linked Discord user: the
 * worker cannot list a workspace or a guild, and each is checked for the role when told.
 */
export function clubWelfareHerald(
  services: Pick<ClubServices, 'redis' | 'prefix' | 'sealer' | 'links' | 'resolveAsker' | 'data'>,
  onPut?: () => Promise<void>,
): WelfareHerald {
  const store = createSubscriptionStore(services.redis, services.prefix, services.sealer);
  return createWelfareHerald({
    async candidates() {
      const [met, linked] = await Promise.all([
        Promise.all(platforms.map((platform) => store.people(platform))),
        services.links.list('discord'),
      ]);
      const discord = linked.map(({ userId }): ChatUser => ({ platform: 'discord', userId }));
      return [...met.flat(), ...discord];
    },
    resolveAsker: services.resolveAsker,
    data: services.data,
    outbox: createReplyOutbox(services.redis, services.prefix, services.sealer),
    onPut,
  });
}
