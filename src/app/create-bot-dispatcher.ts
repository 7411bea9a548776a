import { createAskerPeek } from '../access/peek-asker.js';
import { createContactsPeek } from '../access/peek-contacts.js';
import { createRateLimit } from '../access/rate-limit.js';
import { registry } from '../commands/registry.js';
import { createDispatcher, type Dispatcher } from '../dispatch/create-dispatcher.js';
import type { ClubServices } from './club-services.js';

/** The dispatcher every adapter uses, on the shared services: policy, cache peek, rate limit. */
export function createBotDispatcher(
  services: ClubServices,
  options: {
    timezone: string;
    ratePerMinute?: number;
    now?: () => Date;
    onDispatched?: (platform: string, kind: string, seconds: number) => void;
  },
): Dispatcher {
  return createDispatcher({
    registry,
    policy: services.policy,
    queue: services.queue,
    peekAsker: createAskerPeek({
      cache: services.cache,
      policy: services.policy,
      links: services.links,
    }),
    peekContacts: createContactsPeek({
      cache: services.cache,
      policy: services.policy,
      reportsMember: services.reportsMember,
    }),
    timezone: options.timezone,
    now: options.now,
    onDispatched: options.onDispatched,
    rateLimit: options.ratePerMinute
      ? createRateLimit({
          redis: services.redis,
          prefix: services.prefix,
          perMinute: options.ratePerMinute,
        })
      : undefined,
  });
}
