import type { Redis } from 'ioredis';
import { createDigests } from '../digests/create-digests.js';
import type { ClubDirectory, ClubScope } from '../hosting/club-directory.js';
import type { ClubRegistry } from '../hosting/club-registry.js';
import type { ProcessConfig } from '../config.js';
import { startHostedPlatforms } from '../hosting/hosted-platforms.js';
import { startHostedDeliverer } from '../hosting/start-hosted-deliverer.js';
import type { Logger } from '../log.js';
import type { BotMetrics } from '../ops/bot-metrics.js';
import type { Sealer } from '../redis/sealer.js';

/** Options for {@link startBotRole}. */
export interface BotRoleOptions {
  config: ProcessConfig;
  directory: ClubDirectory;
  registry: ClubRegistry;
  redis: Redis;
  sealer: Sealer;
  logger: Logger;
  metrics: BotMetrics;
}

/**
 * The bot role: the configured platforms over the club directory, and the deliverer that posts
 * the replies workers leave in each club's outbox (the bot process holds the platforms'
 * credentials, so a worker that dies mid-job can neither lose a reply nor send it twice).
 */
export async function startBotRole(options: BotRoleOptions) {
  const { directory, redis, logger, metrics } = options;
  const platforms = await startHostedPlatforms({
    ...options,
    onApiError: (platform, code) => metrics.platformError(platform, code),
  });
  const goneOf = new WeakMap<ClubScope, ReturnType<typeof createDigests>['dropGone']>();
  const deliverer = startHostedDeliverer({
    directory,
    redis,
    logger,
    sinksFor: platforms.sinksFor,
    goneFor(club) {
      let gone = goneOf.get(club);
      if (!gone) {
        gone = createDigests(club, { timezone: club.timezone, logger }).dropGone; // #33
        goneOf.set(club, gone);
      }
      return gone;
    },
    onDelivered: (_club, event) => metrics.replyDelivered(event),
  });
  return {
    ready: platforms.ready,
    slackPort: platforms.slackPort,
    stops: platforms.stops,
    stopDeliverer: () => deliverer.stop(),
  };
}
