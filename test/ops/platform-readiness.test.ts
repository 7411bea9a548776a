import { testDataKey } from '../support/data-key.js';
import { afterEach, describe, expect, it } from 'vitest';
import { stopInReverse } from '../../src/app/on-shutdown.js';
import { startBotRole } from '../../src/app/start-bot-role.js';
import { loadConfig } from '../../src/config.js';
import { createClubRegistry } from '../../src/hosting/club-registry.js';
import {
  environmentClubSettings,
  guildIdsOf,
  openEnvironmentDirectory,
} from '../../src/hosting/environment-directory.js';
import { createLogger } from '../../src/log.js';
import type { PartsReport } from '../../src/ops/health-part.js';
import { fakeGuildId } from '../fakes/discord/interactions.js';
import { startFakeDiscord } from '../fakes/discord/start-fake-discord.js';
import { startFakeSocketMode } from '../fakes/slack/start-fake-socket-mode.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { testRedisUrl } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';
import { opsToken, startOpsFixture, type OpsFixture } from './ops-fixture.js';

const applicationId = '900000000000000042';
/** What a test started, stopped after it in the reverse order. */
let ops: OpsFixture | undefined;
let platforms:
  | { slackPort?: number; stopPlatforms(): Promise<void>; stopDeliverer(): Promise<void> }
  | undefined;
let slack: FakeSlack | undefined;
let fakes: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await platforms?.stopPlatforms();
  await platforms?.stopDeliverer();
  await ops?.stop();
  for (const fake of fakes.reverse()) await fake.close().catch(() => undefined);
  await slack?.close();
  ops = platforms = slack = undefined;
  fakes = [];
});

/** The bot role of `npm start` over the environment's club, its parts added to the fixture's /readyz. */
async function startBot(env: Record<string, string>): Promise<OpsFixture> {
  ops = await startOpsFixture({ worker: false });
  slack ??= await startFakeSlack();
  const config = loadConfig({
    CLUB_DATA_KEY: testDataKey,
    CLUB_API_URL: ops.simulator.url,
    CLUB_API_TOKEN: opsToken,
    REDIS_URL: testRedisUrl(),
    PORT: '0',
    SLACK_BOT_TOKEN: 'xoxb-ready',
    SLACK_API_URL: slack.apiUrl,
    ...env,
  });
  const { services } = ops;
  const logger = createLogger({ level: 'silent' });
  const connections = { redis: services.redis, queueConnection: services.queueConnection };
  const directory = openEnvironmentDirectory({
    settings: { ...environmentClubSettings(config, services.policy), prefix: services.prefix },
    discordGuilds: guildIdsOf(config.DISCORD_GUILD_ID),
    config,
    connections,
    logger,
  });
  const role = await startBotRole({
    config,
    directory,
    registry: createClubRegistry(services.redis, services.sealer),
    redis: services.redis,
    sealer: services.sealer,
    logger,
    metrics: ops.metrics,
  });
  platforms = {
    slackPort: role.slackPort,
    stopPlatforms: () => stopInReverse(role.stops),
    stopDeliverer: async () => {
      await role.stopDeliverer();
      await directory.close();
    },
  };
  Object.assign(ops.ready, role.ready);
  return ops;
}

const readiness = async (fixture: OpsFixture) => {
  const { status, json } = await fixture.get('/readyz');
  return { status, parts: (json as PartsReport).parts };
};

/** Waits until `/readyz` answers `status`; resolves its parts. */
const readyzBecomes = (fixture: OpsFixture, status: 200 | 503) =>
  waitFor(async () => {
    const report = await readiness(fixture);
    return report.status === status && report.parts;
  }, `/readyz ${status}`);

describe('/readyz of the bot role: the platforms it serves', () => {
  it('when Slack listens over HTTP and the Discord gateway is ready, it is 200; with the gateway gone, 503 naming Discord; with Slack stopped, 503 naming Slack', async () => {
    const discord = await startFakeDiscord({ applicationId });
    fakes.push(discord);
    const bot = await startBot({
      SLACK_SIGNING_SECRET: 'ready-signing-secret',
      DISCORD_TOKEN: 'discord-ready-token',
      DISCORD_APPLICATION_ID: applicationId,
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_GUILD_ID: fakeGuildId,
    });
    await discord.ready();
    const up = await readyzBecomes(bot, 200);
    expect(up.slack).toEqual({ ok: true, detail: 'listening for Slack' });
    expect(up.discord).toEqual({ ok: true, detail: 'connected to the gateway' });

    // Every connection dropped, and no gateway to come back to.
    discord.dropGateway();
    await discord.close();
    const gone = await readyzBecomes(bot, 503);
    expect(gone.discord).toEqual({ ok: false, detail: 'not connected to the gateway' });
    expect(gone.slack?.ok).toBe(true);

    await platforms!.stopPlatforms();
    expect((await readiness(bot)).parts.slack).toEqual({
      ok: false,
      detail: 'not listening for Slack',
    });
  });

  it('when Slack runs in Socket Mode, it is ready while the socket is open and 503 naming Slack once it closes', async () => {
    const socket = await startFakeSocketMode();
    fakes.push(socket);
    slack = await startFakeSlack();
    slack.setSocketModeUrl(socket.url);
    const bot = await startBot({ SLACK_APP_TOKEN: 'xapp-ready' });
    await socket.connected();
    await readyzBecomes(bot, 200);
    await socket.close();
    const down = await readyzBecomes(bot, 503);
    expect(down.slack).toEqual({ ok: false, detail: 'not connected (Socket Mode)' });
  });
});

describe('PORT serves Slack alone', () => {
  it('answers 404 for /metrics, /livez, /readyz and /healthz there, while the ops port serves /metrics', async () => {
    const bot = await startBot({ SLACK_SIGNING_SECRET: 'ready-signing-secret' });
    const slackPort = platforms!.slackPort;
    expect(slackPort).toBeGreaterThan(0);
    for (const path of ['/metrics', '/livez', '/readyz', '/healthz', '/jobs']) {
      expect((await fetch(`http://127.0.0.1:${slackPort}${path}`)).status).toBe(404);
    }
    const metrics = await bot.get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('# TYPE clubbot_commands_total counter');
    // Bolt still verifies its own endpoint: an unsigned event is refused.
    const unsigned = await fetch(`http://127.0.0.1:${slackPort}/slack/events`, {
      method: 'POST',
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
  });
});
