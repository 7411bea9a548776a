import { createDigests } from '../digests/create-digests.js';
import type { ClubScope } from '../hosting/club-directory.js';
import { startHostedPlatforms, type HostedPlatformsOptions } from '../hosting/hosted-platforms.js';
import { startHostedDeliverer } from '../hosting/start-hosted-deliverer.js';
import type { BotMetrics } from '../ops/bot-metrics.js';

/** Options for {@link startBotRole}: the platforms' own, with the metrics their errors go to. */
export interface BotRoleOptions extends Omit<HostedPlatformsOptions, 'onApiError'> {
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
    onDelivered: metrics.replyDelivered,
  });
  return {
    ready: platforms.ready,
    slackPort: platforms.slackPort,
    stops: platforms.stops,
    stopDeliverer: () => deliverer.stop(),
  };
}
