import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createClubServices, type ClubServices } from '../../src/app/club-services.js';
import { createDailyBudget } from '../../src/budget/create-daily-budget.js';
import { createBudgetedClubApis } from '../../src/club/budgeted-club-apis.js';
import { ClubNotFoundError } from '../../src/club/club-errors.js';
import {
  createClubLayout,
  redisLayoutMemory,
  type ClubApiLayoutSetting,
} from '../../src/club/club-layout.js';
import type { ClubApiLayout } from '../../src/club/collections.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey } from '../support/data-key.js';
import { connectionsClosedAfterAll, testRedisUrl, uniquePrefix } from '../support/redis.js';

const token = 'layout-token-3d9f';
const DAY = 24 * 60 * 60 * 1000;
const connect = connectionsClosedAfterAll();
const running: { stop(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.stop()));
});

async function simulator(layout: ClubApiLayout): Promise<RunningSimulator> {
  const sim = await startSimulator({ token, members: 40, seed: 5, today: '2026-03-02', layout });
  running.push(sim);
  return sim;
}

/** One process's club client on a shared Redis: the budget and the layout memory under `prefix`. */
function bot(
  sim: RunningSimulator,
  options: { redis: Redis; prefix: string; setting?: ClubApiLayoutSetting; rememberMs?: number },
) {
  const { redis, prefix } = options;
  const budget = createDailyBudget({ redis, prefix });
  const found: ClubApiLayout[] = [];
  const layout = createClubLayout({
    setting: options.setting ?? 'auto',
    memory: redisLayoutMemory(redis, `${prefix}:club-layout`),
    rememberMs: options.rememberMs,
    onFound: (layout) => found.push(layout),
  });
  const apiFor = createBudgetedClubApis({ baseUrl: sim.url, token, budget, layout });
  return { api: apiFor('interactive'), write: apiFor('write'), budget, layout, found };
}

/** The simulator's calls as `METHOD path status ×count` (paths as the document spells them). */
function callsOf(sim: RunningSimulator): string[] {
  return sim.admin
    .calls()
    .calls.map((call) => `${call.method} ${call.path} ${call.status} ×${call.count}`);
}

function shared() {
  return { redis: connect(), prefix: uniquePrefix('layout') };
}

describe('CLUB_API_LAYOUT=auto', () => {
  it('when the service serves the spec layout, then the first read answers at once and no call is extra', async () => {
    const sim = await simulator('spec');
    const { api, budget, found } = bot(sim, shared());
    expect(await api.listMembers()).toHaveLength(40);
    expect(callsOf(sim)).toEqual(['GET /api/Users 200 ×1']);
    expect((await budget.state()).used).toBe(1);
    expect(found).toEqual(['spec']);
  });

  it('when the service serves the bare layout, then the first read costs one extra call, counted in the budget, and later reads go straight to the bare paths', async () => {
    const sim = await simulator('bare');
    const store = shared();
    const { api, budget, found } = bot(sim, store);
    expect(await api.listMembers()).toHaveLength(40);
    expect(callsOf(sim)).toEqual(['GET (unknown) 404 ×1', 'GET /api/Users 200 ×1']);
    expect((await budget.state()).used).toBe(2);
    await api.listSessions();
    await api.listMembers();
    expect(callsOf(sim)).toEqual([
      'GET (unknown) 404 ×1',
      'GET /api/ClubSessions 200 ×1',
      'GET /api/Users 200 ×2',
    ]);
    expect((await budget.state()).used).toBe(4);
    expect(found).toEqual(['bare']);
    const key = `${store.prefix}:club-layout`;
    expect(await store.redis.get(key)).toBe('bare');
    expect(await store.redis.pttl(key)).toBeGreaterThan(DAY - 60_000);
  });

  it('when another process or a restart uses the same Redis, then it uses the remembered layout without asking again', async () => {
    const sim = await simulator('bare');
    const store = shared();
    await bot(sim, store).api.listMembers();
    const restarted = bot(sim, store);
    expect(await restarted.layout.current()).toBe('bare');
    await restarted.api.listRoles();
    expect(callsOf(sim)).toEqual([
      'GET (unknown) 404 ×1',
      'GET /api/ClubRoles 200 ×1',
      'GET /api/Users 200 ×1',
    ]);
    expect(restarted.found).toEqual([]);
  });

  it('when the remembered layout has expired, then the next read asks the service again', async () => {
    const sim = await simulator('bare');
    const store = shared();
    const { api, layout, found } = bot(sim, { ...store, rememberMs: 100 });
    await api.listGroups();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.redis.get(`${store.prefix}:club-layout`)).toBeNull();
    expect(await layout.current()).toBeUndefined();
    await api.listGroups();
    expect(callsOf(sim)).toEqual(['GET (unknown) 404 ×2', 'GET /api/ClubGroups 200 ×2']);
    expect(found).toEqual(['bare', 'bare']);
  });

  it('when the first call files a form on a bare host, then it is filed exactly once', async () => {
    const sim = await simulator('bare');
    const { write, found } = bot(sim, shared());
    const before = sim.admin.records('TrialRequests').length;
    const filed = await write.fileTrialRequest({
      firstName: 'Iris',
      lastName: 'Murdoch',
      dateOfBirth: '2016-07-15',
    });
    expect(filed.firstName).toBe('Iris');
    expect(sim.admin.records('TrialRequests')).toHaveLength(before + 1);
    expect(callsOf(sim)).toEqual(['POST (unknown) 404 ×1', 'POST /api/TrialRequests 200 ×1']);
    expect(found).toEqual(['bare']);
  });

  it('when the first call reads one record, then it is found on a bare host; an absent record is a 404 that teaches nothing', async () => {
    const sim = await simulator('bare');
    const guid = String(sim.admin.records('Users')[0]?.Guid);
    const reader = bot(sim, shared());
    expect((await reader.api.getMemberWithSensitive(guid)).member.guid).toBe(guid);
    expect(reader.found).toEqual(['bare']);

    const store = shared();
    const unlucky = bot(sim, store);
    await expect(unlucky.api.getMemberWithSensitive('no-such-guid')).rejects.toBeInstanceOf(
      ClubNotFoundError,
    );
    expect(unlucky.found).toEqual([]);
    expect(await store.redis.get(`${store.prefix}:club-layout`)).toBeNull();
  });

  it('when the host has moved to the other layout, then a collection 404 finds the new one', async () => {
    const sim = await simulator('spec');
    const store = shared();
    await store.redis.set(`${store.prefix}:club-layout`, 'bare', 'PX', DAY);
    const { api, found } = bot(sim, store);
    expect(await api.listMeets()).not.toHaveLength(0);
    expect(callsOf(sim)).toEqual(['GET (unknown) 404 ×1', 'GET /api/Meets 200 ×1']);
    expect(found).toEqual(['spec']);
    expect(await store.redis.get(`${store.prefix}:club-layout`)).toBe('spec');
  });

  it('when Redis holds something that is no layout, then it is ignored', async () => {
    const sim = await simulator('spec');
    const store = shared();
    await store.redis.set(`${store.prefix}:club-layout`, '/api/../admin', 'PX', DAY);
    const { api, found } = bot(sim, store);
    await api.listRoles();
    expect(callsOf(sim)).toEqual(['GET /api/ClubRoles 200 ×1']);
    expect(found).toEqual(['spec']);
  });
});

describe('CLUB_API_LAYOUT=spec or bare', () => {
  it('when the layout is set, then it is used as it is, without asking', async () => {
    const sim = await simulator('bare');
    const wrong = bot(sim, { ...shared(), setting: 'spec' });
    await expect(wrong.api.listMembers()).rejects.toBeInstanceOf(ClubNotFoundError);
    expect(callsOf(sim)).toEqual(['GET (unknown) 404 ×1']);
    const right = bot(sim, { ...shared(), setting: 'bare' });
    expect(await right.api.listMembers()).toHaveLength(40);
    expect(callsOf(sim)).toEqual(['GET (unknown) 404 ×1', 'GET /api/Users 200 ×1']);
    expect([...wrong.found, ...right.found]).toEqual([]);
  });
});

describe('the club services', () => {
  function services(sim: RunningSimulator, prefix: string, lines: string[]): ClubServices {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({
      CLUB_API_URL: sim.url,
      CLUB_API_TOKEN: token,
      REDIS_URL: testRedisUrl(),
      CLUB_DATA_KEY: testDataKey,
    });
    const made = createClubServices({
      config,
      logger: createLogger({ level: 'info' }, logStream),
      prefix,
    });
    running.push({ stop: () => made.close() });
    return made;
  }

  it('when they find the layout, then they log it once and /quota shows it, also after a restart', async () => {
    const sim = await simulator('bare');
    const prefix = uniquePrefix('layout-services');
    const lines: string[] = [];
    const first = services(sim, prefix, lines);
    expect((await first.quota()).layout).toEqual({ setting: 'auto', inUse: null });
    await first.data.members();
    await first.data.sessions();
    expect((await first.quota()).layout).toEqual({ setting: 'auto', inUse: 'bare' });
    expect(lines.filter((line) => line.includes('layout'))).toHaveLength(1);
    expect(lines.join('')).toContain('the club service answers in the bare layout');

    const restarted = services(sim, prefix, lines);
    expect((await restarted.quota()).layout).toEqual({ setting: 'auto', inUse: 'bare' });
    await restarted.apiFor('background').listGroups();
    expect(callsOf(sim).filter((call) => call.includes('404'))).toEqual(['GET (unknown) 404 ×1']);
    expect(lines.filter((line) => line.includes('layout'))).toHaveLength(1);
  });
});
