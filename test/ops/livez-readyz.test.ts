import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { unusedPort } from '../support/unused-port.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startOps } from '../../src/app/start-ops.js';
import { ClubServiceFaultError, ClubUnauthorisedError } from '../../src/club/club-errors.js';
import { createLogger } from '../../src/log.js';
import { createBotMetrics } from '../../src/ops/bot-metrics.js';
import type { RunningOpsServer } from '../../src/ops/ops-routes.js';
import { connectTestRedis } from '../support/redis.js';
import type { PartsReport } from '../../src/ops/health-part.js';
import { startOpsFixture, type OpsFixture } from './ops-fixture.js';

const stalledLoop = 'the event loop has not turned for 60 s';
const rejectedToken =
  'the club service rejected the API token (401): reset it and set CLUB_API_TOKEN';

/** Expects `path` to answer 503 with the part `name` not ok, saying `detail`; resolves every part. */
async function expectDown(ops: OpsFixture, path: string, name: string, detail: string | RegExp) {
  const { status, parts } = await report(ops, path);
  expect(status).toBe(503);
  expect(parts[name]?.ok).toBe(false);
  if (typeof detail === 'string') expect(parts[name]?.detail).toBe(detail);
  else expect(parts[name]?.detail).toMatch(detail);
  return parts;
}

/** The ops port alone, on `redis`, with no role parts; `lines` collects what it logs. */
async function startBareOps(redis: Redis, port: number, lines?: string[]) {
  const ops = await startOps({
    config: { OPS_PORT: port, OPS_HOST: '127.0.0.1' },
    redis,
    metrics: createBotMetrics(),
    ready: {},
    queues: () => [],
    logger: createLogger(
      { level: lines ? 'info' : 'silent' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines?.push(chunk.toString());
          done();
        },
      }),
    ),
    redisTimeoutMs: 500,
  });
  return ops;
}

/** {@link startBareOps} on a port of the system's choosing, which always opens. */
async function openBareOps(redis: Redis): Promise<RunningOpsServer> {
  const ops = await startBareOps(redis, 0);
  if (!ops) throw new Error('the ops port did not open');
  return ops;
}

/** The status of `/livez` or `/readyz` and the parts its body names. */
async function report(ops: OpsFixture, path: string) {
  const { status, json } = await ops.get(path);
  return { status, parts: (json as PartsReport).parts };
}

const fixtures: OpsFixture[] = [];
async function fixture(options: Parameters<typeof startOpsFixture>[0] = {}) {
  const made = await startOpsFixture(options);
  fixtures.push(made);
  return made;
}
afterEach(async () => {
  for (const made of fixtures.splice(0).reverse()) await made.stop();
});

describe('GET /livez: this process only', () => {
  it('when the event loop turns and Redis answers PING, it is 200 and names both parts', async () => {
    const ops = await fixture({ worker: false });
    const { status, json } = await ops.get('/livez');
    expect(status).toBe(200);
    expect(json).toEqual({
      live: true,
      parts: {
        eventLoop: { ok: true, detail: 'turning' },
        redis: { ok: true, detail: 'answered PING' },
      },
    });
  });

  it('when the event loop has not turned for two minutes, it is 503 and names the event loop', async () => {
    let clock = Date.now();
    // A minute between turns: the watch's own timer cannot fire during the test.
    const ops = await fixture({
      worker: false,
      eventLoop: { now: () => clock, intervalMs: 60_000 },
    });
    expect((await ops.get('/livez')).status).toBe(200);
    clock += 120_000;
    const parts = await expectDown(ops, '/livez', 'eventLoop', stalledLoop);
    expect(parts.redis?.ok).toBe(true);
  });

  it('when another worker beats but this one does not, /livez stays 200: a stuck worker is not a dead process', async () => {
    let clock = Date.now();
    const ops = await fixture({ now: () => clock });
    clock += 120_000;
    expect((await ops.get('/livez')).status).toBe(200);
    expect((await ops.get('/readyz')).status).toBe(503);
  });
});

describe('/livez and /readyz when Redis does not answer', () => {
  it('both are 503 within about a second, naming Redis', async () => {
    const redis = new Redis(join(tmpdir(), 'no-redis-here', 'redis.sock'), {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      retryStrategy: () => 1_000,
    });
    redis.on('error', () => undefined);
    const ops = await openBareOps(redis);
    try {
      for (const path of ['/livez', '/readyz']) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${ops.port}${path}`);
        expect(performance.now() - started).toBeLessThan(2_000);
        expect(response.status).toBe(503);
        const { parts } = (await response.json()) as PartsReport;
        expect(parts.redis).toEqual({
          ok: false,
          detail: 'unreachable: no answer to PING within 0.5 s',
        });
      }
    } finally {
      await ops.stop();
      redis.disconnect();
    }
  });
});

describe('the ops port when another process holds it', () => {
  it('does not open, and says to give each process on the host its own OPS_PORT', async () => {
    const redis = connectTestRedis();
    const lines: string[] = [];
    const first = await openBareOps(redis);
    try {
      const second = await startBareOps(redis, first.port, lines);
      expect(second).toBeUndefined();
      expect(lines.join('\n')).toContain(
        `OPS_PORT ${first.port} is taken on 127.0.0.1, most likely by another role of the bot on this host: give each process its own OPS_PORT.`,
      );
    } finally {
      await first.stop();
      await redis.quit();
    }
  });
});

describe('GET /readyz: what this role needs', () => {
  it('when Redis answers, this process’s worker beats and the club service answered, it is 200 naming each part', async () => {
    const ops = await fixture();
    await ops.services.data.members();
    const { status, json } = await ops.get('/readyz');
    expect(status).toBe(200);
    expect(json).toMatchObject({ ready: true });
    const { parts } = json as PartsReport;
    expect(parts.redis).toEqual({ ok: true, detail: 'answered PING' });
    expect(parts.worker?.detail).toMatch(/^this process’s worker last beat \d+ s ago$/);
    expect(parts.club).toEqual({ ok: true, detail: 'answering' });
  });

  it('when this process’s worker is stuck while another process’s worker beats on the same queue, this one is 503 and the other 200', async () => {
    let clock = Date.now();
    const stuck = await fixture({ now: () => clock });
    const beating = await fixture({ prefix: stuck.services.prefix });
    await stuck.stopWorker();
    clock += 120_000;
    await expectDown(stuck, '/readyz', 'worker', 'this process’s worker last beat 120 s ago');
    expect((await beating.get('/readyz')).status).toBe(200);
  });

  it('when the club service fails three times in a row on the network, it is 503; two failures are not enough', async () => {
    const ops = await fixture({ clubUrl: `http://127.0.0.1:${await unusedPort()}` });
    const call = () =>
      expect(ops.services.data.members()).rejects.toBeInstanceOf(ClubServiceFaultError);
    await call();
    await call();
    const two = await report(ops, '/readyz');
    expect(two.status).toBe(200);
    expect(two.parts.club?.detail).toBe('answering (2 network failures in a row)');
    await call();
    await expectDown(
      ops,
      '/readyz',
      'club',
      /^3 network failures in a row; last: The club service could not be reached: /,
    );
  });

  it('when the club service rejected the token (401), it is 503 and says to set CLUB_API_TOKEN', async () => {
    const ops = await fixture({ token: 'a-revoked-token' });
    await expect(ops.services.data.members()).rejects.toBeInstanceOf(ClubUnauthorisedError);
    const parts = await expectDown(ops, '/readyz', 'club', rejectedToken);
    expect(parts.worker?.ok).toBe(true);
  });

  it('when the daily budget is spent, it stays 200: the bot still answers from its cache', async () => {
    const ops = await fixture();
    await ops.services.budget.exhausted();
    await expect(ops.services.data.members()).rejects.toThrow();
    const { status, parts } = await report(ops, '/readyz');
    expect(status).toBe(200);
    expect(parts.club).toEqual({ ok: true, detail: 'not called yet' });
  });
});

describe('the ops port serves nothing else', () => {
  it('answers 404 for /healthz, for /jobs without OPS_USER and OPS_PASSWORD, and for a POST to /metrics', async () => {
    const ops = await fixture({ worker: false });
    expect((await ops.get('/healthz')).status).toBe(404);
    expect((await ops.get('/jobs')).status).toBe(404);
    expect((await fetch(`${ops.url}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
