import type { Platform } from '../commands/chat-user.js';
import type { ReplySink } from '../jobs/reply-sink.js';
import {
  startReplyDeliverer,
  type ReplyDeliverer,
  type ReplyDelivered,
} from '../jobs/start-reply-deliverer.js';
import type { Logger } from '../log.js';
import type { ClubServices } from './club-services.js';

/** Delivers the outbox's replies through `sinks`, on the shared services' Redis. */
export function startReplyDelivery(
  services: Pick<ClubServices, 'redis' | 'prefix'>,
  options: {
    sinks: Partial<Record<Platform, ReplySink>>;
    logger: Logger;
    onDelivered?: (event: ReplyDelivered) => void;
  },
): ReplyDeliverer {
  return startReplyDeliverer({ redis: services.redis, prefix: services.prefix, ...options });
}
