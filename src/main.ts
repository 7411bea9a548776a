/**
 * `npm start`: production. The Slack and/or Discord adapters (whichever are configured) and a
 * worker in one process; `--role bot` or `--role worker` to run them apart (scale workers freely:
 * they share one budget through Redis).
 */
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { AccessPolicyError, loadAccessPolicy } from './access/load-access-policy.js';
import { createClubServices } from './app/club-services.js';
import { createBotDispatcher } from './app/create-bot-dispatcher.js';
import { onShutdown } from './app/on-shutdown.js';
import { startReplyDeliverer } from './delivery/start-reply-deliverer.js';
import { startWorker } from './app/start-worker.js';
import { ClubUnauthorisedError } from './club/club-errors.js';
import type { Platform } from './commands/chat-user.js';
import { registry } from './commands/registry.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { ReplySink } from './delivery/reply-sink.js';
import { createLogger, type Logger } from './log.js';
import { createBotMetrics } from './ops/bot-metrics.js';
import { checkHealth } from './ops/health.js';
import { opsRoutes, startOpsServer } from './ops/ops-routes.js';
import { createAskerPeek } from './access/peek-asker.js';
import { describeError } from './errors.js';
import { createDigests } from './digests/create-digests.js';
import { hostsClubs, singleClubPrefix } from './clubs/hosting-mode.js';

type Role = 'bot' | 'worker' | 'all';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  const role = values.role as Role;
  if (!['bot', 'worker', 'all'].includes(role)) {
    console.error(`--role must be bot, worker or all (got "${values.role}").`);
    return 1;
  }
  // Once the club registry holds clubs, it describes them instead of the environment.
  if (await hostsClubs(process.env)) return (await import('./clubs/run-hosted.js')).runHosted(role);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, component: role });
  if (!config.CLUB_DATA_KEY) {
    logger.fatal(
      'CLUB_DATA_KEY is not set. The bot seals personal data in Redis with it: run `npm run setup:key` and set CLUB_DATA_KEY to the key it prints.',
    );
    return 1;
  }
  let policy;
  try {
    policy = loadAccessPolicy(config.ACCESS_POLICY, registry);
  } catch (error) {
    if (error instanceof AccessPolicyError) {
      logger.fatal(error.message);
      return 1;
    }
    throw error;
  }
  if (!(await redisAnswers(config.REDIS_URL))) {
    logger.fatal(
      `Redis does not answer at REDIS_URL within 5 s. Start Redis (with appendonly yes and maxmemory-policy noeviction) or correct REDIS_URL.`,
    );
    return 1;
  }

  const slackConfigured = Boolean(
    config.SLACK_BOT_TOKEN && (config.SLACK_SIGNING_SECRET || config.SLACK_APP_TOKEN),
  );
  const discordConfigured = Boolean(config.DISCORD_TOKEN && config.DISCORD_APPLICATION_ID);
  if (role !== 'worker' && discordConfigured && !config.DISCORD_GUILD_ID) {
    logger.warn('DISCORD_GUILD_ID is not set: every Discord interaction will be refused.');
  }
  if (role !== 'worker' && !slackConfigured && !discordConfigured) {
    logger.warn(
      'Neither Slack (SLACK_BOT_TOKEN with SLACK_SIGNING_SECRET or SLACK_APP_TOKEN) nor Discord (DISCORD_TOKEN, DISCORD_APPLICATION_ID) is configured: only /healthz and /metrics will answer.',
    );
  }

  const metrics = createBotMetrics();
  const services = createClubServices({
    config,
    logger,
    policy,
    prefix: singleClubPrefix(config),
    onClubCall: metrics.clubCall,
    onCacheRead: metrics.cacheRead,
  });
  metrics.observe(services);
  const apiErrors = (platform: Platform) => (code: string) => metrics.platformError(platform, code);
  const stops: (() => Promise<void>)[] = [];
  const connected: Partial<Record<Platform, () => boolean>> = {};

  if (role !== 'bot') {
    if (!(await clubAcceptsToken(services, logger))) {
      await services.close();
      return 1;
    }
    const worker = startWorker({
      services,
      logger,
      timezone: config.CLUB_TIMEZONE,
      onFinished: (event) => metrics.jobFinished(event),
    });
    stops.push(() => worker.close());
  }

  const routes = opsRoutes({
    metrics,
    health: () =>
      checkHealth({
        redis: services.redis,
        prefix: services.prefix,
        platforms: () =>
          Object.fromEntries(Object.entries(connected).map(([name, isUp]) => [name, isUp()])),
      }),
  });

  let routesServed = false;
  if (role !== 'worker') {
    // The bot process posts the replies workers leave in the outbox: it holds the platform
    // credentials, and a worker that dies mid-job can then neither lose a reply nor send it twice.
    const sinks: Partial<Record<Platform, ReplySink>> = {};
    if (slackConfigured) {
      // Platforms load only when configured: a Slack-only bot never loads discord.js (about 48 MB).
      const { createSlackReplySink } = await import('./platforms/slack/reply-sink.js');
      sinks.slack = createSlackReplySink({
        botToken: config.SLACK_BOT_TOKEN!,
        slackApiUrl: config.SLACK_API_URL,
        redis: services.redis,
        prefix: services.prefix,
        sealer: services.sealer,
        logger,
        onApiError: apiErrors('slack'),
      });
    }
    if (discordConfigured) {
      const { createDiscordReplySink } = await import('./platforms/discord/reply-sink.js');
      sinks.discord = createDiscordReplySink({
        apiUrl: config.DISCORD_API_URL,
        token: config.DISCORD_TOKEN,
        redis: services.redis,
        prefix: services.prefix,
        sealer: services.sealer,
        onApiError: apiErrors('discord'),
      });
    }
    const deliverer = startReplyDeliverer({
      redis: services.redis,
      prefix: services.prefix,
      sealer: services.sealer,
      sinks,
      logger,
      onDelivered: (event) => metrics.replyDelivered(event),
      onGone: createDigests(services, { timezone: config.CLUB_TIMEZONE, logger }).dropGone, // #33
    });
    // Stopped last, after a worker in this process has answered its active jobs.
    stops.unshift(() => deliverer.stop());
    const dispatcher = createBotDispatcher(services, {
      timezone: config.CLUB_TIMEZONE,
      ratePerMinute: config.RATE_LIMIT_PER_MINUTE,
      onDispatched: (platform, kind, seconds) => metrics.acknowledged(platform, kind, seconds),
    });
    if (slackConfigured) {
      const { startSlackAdapter } = await import('./platforms/slack/app.js');
      const slack = await startSlackAdapter({
        signingSecret: config.SLACK_SIGNING_SECRET ?? '',
        botToken: config.SLACK_BOT_TOKEN!,
        appToken: config.SLACK_APP_TOKEN,
        slackApiUrl: config.SLACK_API_URL,
        port: config.PORT,
        customRoutes: routes,
        dispatcher,
        redis: services.redis,
        prefix: services.prefix,
        sealer: services.sealer,
        logger,
        onApiError: apiErrors('slack'),
      });
      routesServed = true;
      connected.slack = () => true;
      stops.push(() => slack.stop());
      logger.info(
        { port: slack.port, socketMode: Boolean(config.SLACK_APP_TOKEN) },
        'Slack adapter started',
      );
    }
    if (discordConfigured) {
      const { startDiscordAdapter } = await import('./platforms/discord/app.js');
      const discord = await startDiscordAdapter({
        token: config.DISCORD_TOKEN!,
        applicationId: config.DISCORD_APPLICATION_ID!,
        guildIds: (config.DISCORD_GUILD_ID ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
        apiUrl: config.DISCORD_API_URL,
        dispatcher,
        redis: services.redis,
        prefix: services.prefix,
        sealer: services.sealer,
        cache: services.cache,
        peekAsker: createAskerPeek({ cache: services.cache, policy, links: services.links }),
        policy,
        timezone: config.CLUB_TIMEZONE,
        logger,
        onApiError: apiErrors('discord'),
      });
      connected.discord = () => discord.client.isReady();
      stops.push(() => discord.stop());
      logger.info('Discord adapter started');
    }
  }
  if (!routesServed) {
    const ops = await startOpsServer(config.PORT, routes);
    stops.push(() => ops.stop());
    logger.info({ port: ops.port }, 'serving /healthz and /metrics');
  }

  onShutdown(logger, async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await services.close();
  });
  logger.info({ role }, 'club bot started');
  return 0;
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 5_000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Reads who's who and roles once: it warms the cache, and a rejected token stops the start. */
async function clubAcceptsToken(
  services: ReturnType<typeof createClubServices>,
  logger: Logger,
): Promise<boolean> {
  try {
    await Promise.all([services.data.members(), services.data.roles()]);
    return true;
  } catch (error) {
    if (error instanceof ClubUnauthorisedError) {
      logger.fatal(error.message);
      return false;
    }
    // Anything else (the service is down, the budget is spent) passes: the worker waits and retries.
    logger.warn({ err: describeError(error) }, 'could not warm the cache at start');
    return true;
  }
}

const code = await main();
if (code !== 0) process.exit(code);
