import type { Redis } from 'ioredis';
import type { Platform } from '../core/chat-user.js';
import type { ReplySink } from '../delivery/reply-sink.js';
import type { Logger } from '../log.js';
import type { PartCheck } from '../ops/health-part.js';
import type { Sealer } from '../redis/sealer.js';
import { createHash } from 'node:crypto';
import type { ClubDirectory, ClubScope } from './club-directory.js';
import { registryKeys } from '../redis/club-keys.js';
import type { ClubRegistry } from './club-registry.js';
import type { ProcessConfig } from '../config.js';
import { createSlackClaims } from './slack-claims.js';

/** What the hosting bot process needs to start its platforms. */
export interface HostedPlatformsOptions {
  config: ProcessConfig;
  directory: ClubDirectory;
  registry: ClubRegistry;
  redis: Redis;
  sealer: Sealer;
  logger: Logger;
  onApiError(platform: Platform, code: string): void;
}

/**
 * Starts Slack (one workspace by SLACK_BOT_TOKEN, or many through the install flow) and Discord
 * (one application) for every club, each loaded only when configured. Resolves the reply sinks
 * of a club, the stops, and each platform's readiness.
 */
export async function startHostedPlatforms(options: HostedPlatformsOptions) {
  const { config, directory, redis, sealer, logger } = options;
  const dispatcherOf = (club: ClubScope) => club.dispatcher;
  const oauth = Boolean(config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET);
  // Socket Mode (SLACK_APP_TOKEN) needs no signing secret: nothing reaches the bot unsigned.
  const slackOn = Boolean(
    (config.SLACK_SIGNING_SECRET || config.SLACK_APP_TOKEN) && (oauth || config.SLACK_BOT_TOKEN),
  );
  const discordOn = Boolean(config.DISCORD_TOKEN && config.DISCORD_APPLICATION_ID);
  const stops: (() => Promise<void>)[] = [];
  const ready: Partial<Record<Platform, PartCheck>> = {};
  let slackPort: number | undefined;
  const sinkMakers: ((club: ClubScope) => Partial<Record<Platform, ReplySink>>)[] = [];

  if (slackOn) {
    const { startSlackAdapter } = await import('../platforms/slack/app.js');
    const { createRedisInstallationStore } =
      await import('../platforms/slack/redis-installation-store.js');
    const store = createRedisInstallationStore({
      redis,
      key: registryKeys().slackInstallations,
      sealer,
    });
    const slack = await startSlackAdapter<ClubScope>({
      signingSecret: config.SLACK_SIGNING_SECRET,
      appToken: config.SLACK_APP_TOKEN,
      slackApiUrl: config.SLACK_API_URL,
      port: config.PORT,
      logger,
      onApiError: (code) => options.onApiError('slack', code),
      botToken: config.SLACK_BOT_TOKEN,
      ...(oauth
        ? {
            installFlow: {
              clientId: config.SLACK_CLIENT_ID!,
              clientSecret: config.SLACK_CLIENT_SECRET!,
              // Signs the install flow's state; derived, so hosting needs no extra secret.
              stateSecret: createHash('sha256')
                .update(`slack-state:${config.CLUB_DATA_KEY}`)
                .digest('base64url'),
              installationStore: store,
              claims: createSlackClaims({
                redis,
                registry: options.registry,
                sealer,
                logger,
                dropInstallation: (teamId) => store.deleteTeam(teamId),
              }),
            },
          }
        : {}),
      clubFor: directory.bySlackTeam,
      dispatcherOf,
    });
    sinkMakers.push((club) => ({ slack: slack.sinkFor(club) }));
    ready.slack = slack.ready;
    slackPort = slack.port;
    stops.push(() => slack.stop());
    logger.info(
      { port: slack.port, installFlow: oauth, socketMode: Boolean(config.SLACK_APP_TOKEN) },
      'Slack adapter started for every club',
    );
  }
  if (discordOn) {
    const { startDiscordAdapter } = await import('../platforms/discord/app.js');
    const discord = await startDiscordAdapter({
      token: config.DISCORD_TOKEN!,
      applicationId: config.DISCORD_APPLICATION_ID!,
      apiUrl: config.DISCORD_API_URL,
      logger,
      onApiError: (code) => options.onApiError('discord', code),
      clubFor: directory.byDiscordGuild,
      dispatcherOf,
    });
    sinkMakers.push((club) => ({ discord: discord.sinkFor(club) }));
    ready.discord = discord.ready;
    stops.push(() => discord.stop());
    logger.info('Discord adapter started for every club');
  }
  if (!slackOn && !discordOn) {
    logger.warn(
      'Neither Slack (SLACK_BOT_TOKEN with SLACK_SIGNING_SECRET or SLACK_APP_TOKEN) nor Discord (DISCORD_TOKEN, DISCORD_APPLICATION_ID) is configured: only the ops port (OPS_PORT) will answer.',
    );
  }
  return {
    sinksFor: (club: ClubScope) => Object.assign({}, ...sinkMakers.map((make) => make(club))),
    stops,
    ready,
    /** Slack's HTTP port (`PORT`, or the one given for 0); undefined without Slack over HTTP. */
    slackPort,
  };
}
