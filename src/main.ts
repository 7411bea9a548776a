/**
 * `club-bot start` (`node dist/main.js`; `npm start` in development): production. The Slack and/or Discord adapters (whichever are configured) and a
 * worker in one process; `--role bot` or `--role worker` to run them apart (scale workers freely:
 * they share one budget through Redis).
 */
import { parseArgs } from 'node:util';
import { AccessPolicyError, loadAccessPolicy } from './access/load-access-policy.js';
import { createClubServices } from './app/club-services.js';
import { onShutdown, stopInReverse } from './app/on-shutdown.js';
import { checkTokenAtStart } from './app/check-token-at-start.js';
import { consoleToLogger } from './app/console-to-logger.js';
import { portTakenMessage } from './app/port-taken.js';
import { startClubOps } from './app/start-ops.js';
import { startPlatforms } from './app/start-platforms.js';
import { startWorker } from './app/start-worker.js';
import { ClubUnauthorisedError } from './club/club-errors.js';
import { registry } from './commands/registry.js';
import { ConfigError, isProduction, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './log.js';
import { createBotMetrics } from './ops/bot-metrics.js';
import { startingPart, stoppingPart, type PartCheck } from './ops/health-part.js';
import { createHeartbeat } from './ops/heartbeat.js';
import { checkRedisPersistence } from './ops/redis-persistence.js';
import { describeError } from './errors.js';
import { hostsClubs, RedisUnreachableError, singleClubPrefix } from './hosting/hosting-mode.js';
import { adminCommandLine, asksForHelp } from './cli/admin-program.js';
import { sealedDataAtStart } from './app/sealed-data-at-start.js';

type Role = 'bot' | 'worker' | 'all';

const startUsage = `Usage: ${adminCommandLine('start')} [--role bot|worker|all]
  runs the Slack and/or Discord adapters (whichever are configured) and a worker; --role runs one`;

async function main(): Promise<number> {
  if (asksForHelp(process.argv.slice(2))) return (console.log(startUsage), 0);
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  const role = values.role as Role;
  if (!['bot', 'worker', 'all'].includes(role)) {
    console.error(`--role must be bot, worker or all (got "${values.role}").`);
    return 1;
  }
  // Once the club registry holds clubs, it describes them instead of the environment.
  let hosting: boolean;
  try {
    hosting = await hostsClubs(process.env);
  } catch (error) {
    if (!(error instanceof RedisUnreachableError)) throw error;
    createLogger({ level: 'info', role }).fatal(error.message);
    return 1;
  }
  if (hosting) return (await import('./hosting/run-hosted.js')).runHosted(role);
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
  const logger = createLogger({ level: config.LOG_LEVEL, role });
  consoleToLogger(logger);
  if (!config.CLUB_DATA_KEY) {
    logger.fatal(
      'CLUB_DATA_KEY is not set. The bot seals personal data in Redis with it: run `club-bot setup-key` and set CLUB_DATA_KEY to the key it prints.',
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

  const slackConfigured = Boolean(
    config.SLACK_BOT_TOKEN && (config.SLACK_SIGNING_SECRET || config.SLACK_APP_TOKEN),
  );
  const discordConfigured = Boolean(config.DISCORD_TOKEN && config.DISCORD_APPLICATION_ID);
  if (role !== 'worker' && discordConfigured && !config.DISCORD_GUILD_ID) {
    logger.warn('DISCORD_GUILD_ID is not set: every Discord interaction will be refused.');
  }
  if (role !== 'worker' && !slackConfigured && !discordConfigured) {
    logger.warn(
      'Neither Slack (SLACK_BOT_TOKEN with SLACK_SIGNING_SECRET or SLACK_APP_TOKEN) nor Discord (DISCORD_TOKEN, DISCORD_APPLICATION_ID) is configured: only the ops port (OPS_PORT) will answer.',
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
  const stops: (() => Promise<void>)[] = [];
  // The ops port opens first, so a taken port stops the process before it takes any work; until
  // every part has started, it is live but not ready.
  const ready: Record<string, PartCheck> = { startUp: startingPart };
  const ops = await startClubOps(services, { config, metrics, ready, logger });
  if (!ops) return 1;
  stops.push(() => ops.stop());
  const production = isProduction(config);
  if (!(await checkRedisPersistence(services.redis, { production, logger })))
    return (await stopInReverse(stops), await services.close(), 1);
  const sealedData = await sealedDataAtStart({
    ...services,
    scope: { mode: 'single', prefix: services.prefix },
    logger,
  });
  if (!sealedData) return 1;

  if (role !== 'bot') {
    if (!(await clubAcceptsToken(services, logger))) {
      await services.close();
      return 1;
    }
    // This process's own worker beats in memory: another replica's beats never count for it.
    const heartbeat = createHeartbeat({ what: 'this process’s worker' });
    const worker = startWorker({
      services,
      logger,
      timezone: config.CLUB_TIMEZONE,
      concurrency: config.WORKER_CONCURRENCY,
      heartbeat,
      onFinished: (event) => metrics.jobFinished(event),
    });
    stops.push(() => worker.close());
    ready.worker = heartbeat.part;
    ready.club = services.reachability.part;
  }
  if (role !== 'worker') {
    const platforms = await startPlatforms({
      config,
      services,
      policy,
      metrics,
      logger,
      slack: slackConfigured,
      discord: discordConfigured,
    });
    Object.assign(ready, platforms.ready);
    // Stopped last, after a worker in this process has answered its active jobs.
    stops.unshift(platforms.stopDeliverer);
    stops.push(platforms.stopPlatforms);
  }
  ready.sealedData = sealedData;
  delete ready.startUp;

  onShutdown(logger, async () => {
    ready.shutdown = stoppingPart;
    await stopInReverse(stops);
    await services.close();
  });
  logger.info({ role }, 'club bot started');
  return 0;
}

/** Checks the token past the cache (a rejected one stops the start), then warms the cache. */
async function clubAcceptsToken(
  services: ReturnType<typeof createClubServices>,
  logger: Logger,
): Promise<boolean> {
  const token = await checkTokenAtStart(services);
  if (token.kind === 'refused') return (logger.fatal(token.message), false);
  if (token.kind === 'unchecked')
    logger.warn({ err: token.reason }, 'could not check the API token at start');
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

const code = await main().catch((error: unknown) => {
  // Slack's receiver on a taken PORT (either start path): one line, not a stack trace.
  const taken = portTakenMessage(error);
  if (taken === undefined) throw error;
  createLogger({ level: 'info' }).fatal(taken);
  return 1;
});
if (code !== 0) process.exit(code);
