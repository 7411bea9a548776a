import type { AccessPolicy } from '../access/access-policy.js';
import type { Platform } from '../core/chat-user.js';
import type { Config } from '../config.js';
import { createDigests } from '../digests/create-digests.js';
import type { ReplySink } from '../delivery/reply-sink.js';
import { startReplyDeliverer } from '../delivery/start-reply-deliverer.js';
import type { Logger } from '../log.js';
import type { BotMetrics } from '../ops/bot-metrics.js';
import type { PartCheck } from '../ops/health-part.js';
import type { ClubServices } from './club-services.js';
import { createBotDispatcher } from './create-bot-dispatcher.js';
import { stopInReverse } from './on-shutdown.js';

/** Options for {@link startPlatforms}. */
export interface StartPlatformsOptions {
  config: Config;
  services: ClubServices;
  policy: AccessPolicy;
  metrics: BotMetrics;
  logger: Logger;
  slack: boolean;
  discord: boolean;
}

/** The bot role of one club: its platforms, the reply deliverer, and their readiness. */
export interface RunningPlatforms {
  /** Slack's HTTP port (`PORT`, or the one given for 0); undefined without Slack over HTTP. */
  slackPort?: number;
  /** The platforms, by name, as `/readyz` asks them. */
  ready: Partial<Record<Platform, PartCheck>>;
  /** Stops the platforms (first) and the deliverer (last, after a worker has answered). */
  stopPlatforms(): Promise<void>;
  stopDeliverer(): Promise<void>;
}

/**
 * Starts the configured platforms of the single club on `PORT` (Slack's HTTP receiver; nothing
 * else answers there), and the deliverer that posts the replies workers leave in the outbox.
 */
export async function startPlatforms(options: StartPlatformsOptions): Promise<RunningPlatforms> {
  const { config, services, metrics, logger, policy } = options;
  const apiErrors = (platform: Platform) => (code: string) => metrics.platformError(platform, code);
  const { redis, prefix, sealer } = services;
  // The bot process posts the replies workers leave in the outbox: it holds the platform
  // credentials, and a worker that dies mid-job can then neither lose a reply nor send it twice.
  const sinks: Partial<Record<Platform, ReplySink>> = {};
  const dispatcher = createBotDispatcher(services, {
    timezone: config.CLUB_TIMEZONE,
    ratePerMinute: config.RATE_LIMIT_PER_MINUTE,
    onDispatched: (platform, kind, seconds) => metrics.acknowledged(platform, kind, seconds),
  });
  const ready: RunningPlatforms['ready'] = {};
  let slackPort: number | undefined;
  const stops: (() => Promise<void>)[] = [];
  if (options.slack) {
    // Platforms load only when configured: a Slack-only bot never loads discord.js (about 48 MB).
    const { startSlackAdapter } = await import('../platforms/slack/app.js');
    const { createWebClient } = await import('../platforms/slack/create-web-client.js');
    const own = await import('../platforms/slack/own-workspace.js');
    const { SLACK_BOT_TOKEN: botToken = '', SLACK_API_URL: slackApiUrl } = config;
    // The club answers its own workspace only: the one Slack adapter, with a directory of one.
    const ownWorkspace = own.createOwnWorkspace({
      client: createWebClient(botToken, { slackApiUrl, timeoutMs: 5_000, logger }),
      logger,
    });
    const club = { services };
    const slack = await startSlackAdapter({
      signingSecret: config.SLACK_SIGNING_SECRET,
      botToken,
      appToken: config.SLACK_APP_TOKEN,
      slackApiUrl,
      port: config.PORT,
      logger,
      onApiError: apiErrors('slack'),
      ownWorkspace,
      clubFor: own.ownWorkspaceClub(ownWorkspace, club),
      dispatcherOf: () => dispatcher,
    });
    sinks.slack = slack.sinkFor(club);
    ready.slack = slack.ready;
    stops.push(() => slack.stop());
    slackPort = slack.port;
    logger.info({ port: slack.port, socketMode: !slack.port }, 'Slack adapter started');
  }
  if (options.discord) {
    const { startDiscordAdapter } = await import('../platforms/discord/app.js');
    const guildIds = (config.DISCORD_GUILD_ID ?? '').split(',').map((id) => id.trim());
    const club = { services, policy, timezone: config.CLUB_TIMEZONE };
    const discord = await startDiscordAdapter({
      token: config.DISCORD_TOKEN!,
      applicationId: config.DISCORD_APPLICATION_ID!,
      apiUrl: config.DISCORD_API_URL,
      // The club's own servers; any other, or a DM, is refused.
      clubFor: (guildId) => (guildId !== '' && guildIds.includes(guildId) ? club : undefined),
      dispatcherOf: () => dispatcher,
      logger,
      onApiError: apiErrors('discord'),
    });
    sinks.discord = discord.sinkFor(club);
    ready.discord = discord.ready;
    stops.push(() => discord.stop());
    logger.info('Discord adapter started');
  }
  // Started once every sink is made (Discord's comes from its adapter).
  const deliverer = startReplyDeliverer({
    redis,
    prefix,
    sealer,
    sinks,
    logger,
    onDelivered: (event) => metrics.replyDelivered(event),
    onGone: createDigests(services, { timezone: config.CLUB_TIMEZONE, logger }).dropGone, // #33
  });
  return {
    slackPort,
    ready,
    stopPlatforms: () => stopInReverse(stops),
    stopDeliverer: () => deliverer.stop(),
  };
}
