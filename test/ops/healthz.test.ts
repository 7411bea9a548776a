import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClubUnauthorisedError } from '../../src/club/club-errors.js';
import { createLogger } from '../../src/log.js';
import { createBotMetrics } from '../../src/ops/bot-metrics.js';
import { checkHealth, healthKeys, type HealthReport } from '../../src/ops/health.js';
import { opsRoutes, startOpsServer } from '../../src/ops/ops-routes.js';
import { startSlackAdapter } from '../../src/platforms/slack/app.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { startOpsFixture, type OpsFixture } from './ops-fixture.js';

const run = promisify(execFile);

/** The Dockerfile's HEALTHCHECK command, run as Docker would run it inside the container. */
function imageHealthcheck(): string[] {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const command = /HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])/.exec(dockerfile)?.[1];
  if (!command) throw new Error('the Dockerfile has no HEALTHCHECK CMD in exec form');
  // The image asks the ops port's /livez; until these routes serve it (the ops-port part of #34),
  // the same command is pointed at the /healthz they serve.
  return (JSON.parse(command) as string[]).map((arg) => arg.replace('/livez', '/healthz'));
}

async function imageHealthcheckExitCode(port: number): Promise<number> {
  const [program = 'node', ...args] = imageHealthcheck();
  return run(program, args, { env: { ...process.env, OPS_PORT: String(port) } }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );
}

let ops: OpsFixture | undefined;
afterEach(async () => {
  await ops?.stop();
  ops = undefined;
});

describe('GET /healthz through the real ops routes', () => {
  it('when Redis answers, a worker has just beaten and the club service answered, it is 200 and every part is healthy', async () => {
    ops = await startOpsFixture();
    await ops.services.data.members();
    const { status, json } = await ops.get('/healthz');
    expect(status).toBe(200);
    const report = json as HealthReport;
    expect(report.healthy).toBe(true);
    expect(report.parts.redis).toEqual({ healthy: true, detail: 'reachable' });
    expect(report.parts.worker?.healthy).toBe(true);
    expect(report.parts.worker?.detail).toMatch(/^last heartbeat \d+ s ago$/);
    expect(report.parts.club?.detail).toMatch(/^last answered 200 /);
  });

  it('when no worker has reported, it is 503 and names the worker', async () => {
    ops = await startOpsFixture({ worker: false });
    const { status, json } = await ops.get('/healthz');
    expect(status).toBe(503);
    const report = json as HealthReport;
    expect(report.healthy).toBe(false);
    expect(report.parts.worker).toEqual({ healthy: false, detail: 'no worker has reported' });
    expect(report.parts.redis?.healthy).toBe(true);
  });

  it('when the last worker heartbeat is two minutes old, it is 503', async () => {
    ops = await startOpsFixture({ worker: false });
    await ops.services.redis.set(
      healthKeys.workerHeartbeat(ops.services.prefix),
      String(Date.now() - 120_000),
    );
    const { status, json } = await ops.get('/healthz');
    expect(status).toBe(503);
    expect((json as HealthReport).parts.worker).toEqual({
      healthy: false,
      detail: 'last heartbeat 120 s ago',
    });
  });

  it('when the club service rejected the token (401), it is 503 and says to set CLUB_API_TOKEN', async () => {
    ops = await startOpsFixture({ token: 'a-revoked-token' });
    await expect(ops.services.data.members()).rejects.toBeInstanceOf(ClubUnauthorisedError);
    const { status, json } = await ops.get('/healthz');
    expect(status).toBe(503);
    const report = json as HealthReport;
    expect(report.parts.club?.healthy).toBe(false);
    expect(report.parts.club?.detail).toContain('(401)');
    expect(report.parts.club?.detail).toContain('CLUB_API_TOKEN');
    expect(report.parts.worker?.healthy).toBe(true);
  });

  it('when a configured platform is not connected, it is 503 and names it', async () => {
    ops = await startOpsFixture();
    ops.platforms.slack = true;
    ops.platforms.discord = false;
    const { status, json } = await ops.get('/healthz');
    expect(status).toBe(503);
    const report = json as HealthReport;
    expect(report.parts.slack).toEqual({ healthy: true, detail: 'connected' });
    expect(report.parts.discord).toEqual({ healthy: false, detail: 'not connected' });
  });

  it('when the image HEALTHCHECK runs, it exits 0 while healthy and 1 once not', async () => {
    ops = await startOpsFixture();
    const port = Number(new URL(ops.url).port);
    expect(await imageHealthcheckExitCode(port)).toBe(0);
    ops.platforms.discord = false;
    expect(await imageHealthcheckExitCode(port)).toBe(1);
  });
});

describe('GET /healthz when Redis does not answer', () => {
  it('is 503 within about a second, naming Redis, and the image HEALTHCHECK fails', async () => {
    const redis = new Redis(join(tmpdir(), 'no-redis-here', 'redis.sock'), {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      retryStrategy: () => 1_000,
    });
    redis.on('error', () => undefined);
    const routes = opsRoutes({
      metrics: createBotMetrics(),
      health: () => checkHealth({ redis, prefix: 'nowhere', platforms: () => ({}) }),
    });
    const server = await startOpsServer(0, routes, '127.0.0.1');
    try {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(response.status).toBe(503);
      const report = (await response.json()) as HealthReport;
      expect(report.healthy).toBe(false);
      expect(report.parts.redis?.healthy).toBe(false);
      expect(report.parts.redis?.detail).toMatch(/^unreachable: /);
      expect(report.parts.worker).toBeUndefined();
      expect(await imageHealthcheckExitCode(server.port)).toBe(1);
    } finally {
      await server.stop();
      redis.disconnect();
    }
  });
});

describe('the ops routes on the Slack adapter (Bolt custom routes)', () => {
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await startFakeSlack();
  });
  afterAll(() => fake?.close());

  it('when Slack runs over HTTP, /healthz and /metrics answer on the same port as /slack/events', async () => {
    ops = await startOpsFixture();
    const slack = await startSlackAdapter({
      signingSecret: 'ops-signing-secret',
      botToken: 'xoxb-ops',
      slackApiUrl: fake.apiUrl,
      botId: 'BBOT',
      botUserId: 'UBOT',
      port: 0,
      host: '127.0.0.1',
      customRoutes: ops.routes,
      dispatcher: ops.dispatcher,
      redis: ops.services.redis,
      prefix: ops.services.prefix,
      sealer: ops.services.sealer,
      logger: createLogger({ level: 'silent' }),
    });
    try {
      const base = `http://127.0.0.1:${slack.port}`;
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as HealthReport).healthy).toBe(true);
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(await metrics.text()).toContain('# TYPE clubbot_commands_total counter');
      // Bolt still verifies its own endpoint: an unsigned event is refused.
      const unsigned = await fetch(`${base}/slack/events`, { method: 'POST', body: '{}' });
      expect(unsigned.status).toBe(401);
    } finally {
      await slack.stop();
    }
  });
});
