import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClubServices } from '../../src/app/club-services.js';
import { loadConfig } from '../../src/config.js';
import { findFiledIncident } from '../../src/jobs/find-filed-record.js';
import { createLogger } from '../../src/log.js';
import { startPrivateRedis } from '../../src/redis/private-redis-server.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey } from '../support/data-key.js';
import { waitFor } from '../support/wait-for.js';

/*
 * docs/operations.md's backups, played on real redis-server processes in temporary folders: an
 * AOF backup restored, a backup holding only dump.rdb restored, and a restore older than a filing.
 */
const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'club-bot-backup-'));
  folders.push(made);
  return made;
};
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/** A redis-server on `dir` (it keeps what it finds there) and a connection to it. */
async function redisOn(dir: string, appendOnly: boolean) {
  const server = await startPrivateRedis({ dir, appendOnly });
  const redis = new Redis(server.url, { maxRetriesPerRequest: null });
  return {
    server,
    redis,
    async stop() {
      await redis.quit();
      await server.stop();
    },
  };
}

/** The backup of docs/operations.md: BGREWRITEAOF, wait until it is done, copy the folder. */
async function backUp(running: Awaited<ReturnType<typeof redisOn>>): Promise<string> {
  await running.redis.bgrewriteaof();
  await waitFor(async () => {
    const info = await running.redis.info('persistence');
    return /aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info);
  }, 'the AOF rewrite to finish');
  const backup = folder();
  cpSync(join(running.server.dir, 'appendonlydir'), join(backup, 'appendonlydir'), {
    recursive: true,
  });
  return backup;
}

describe('backups of Redis, restored', () => {
  it('when an AOF backup is restored into an empty folder, Redis comes back with its data', async () => {
    const source = await redisOn(folder(), true);
    await source.redis.set('club-bot:links:a', 'sealed-link');
    const backup = await backUp(source);
    await source.stop();

    const restored = await redisOn(backup, true);
    try {
      expect(await restored.redis.get('club-bot:links:a')).toBe('sealed-link');
    } finally {
      await restored.stop();
    }
  });

  it('when only a dump.rdb is backed up, Redis with appendonly yes ignores it; loaded with appendonly no, then switched on, it keeps the data', async () => {
    const source = await redisOn(folder(), false);
    await source.redis.set('club-bot:links:b', 'sealed-link');
    await source.redis.save();
    const rdbOnly = folder();
    cpSync(join(source.server.dir, 'dump.rdb'), join(rdbOnly, 'dump.rdb'));
    await source.stop();

    // The trap: no AOF in the folder, appendonly yes, so the snapshot is not read.
    const trap = folder();
    cpSync(join(rdbOnly, 'dump.rdb'), join(trap, 'dump.rdb'));
    const ignored = await redisOn(trap, true);
    expect(await ignored.redis.dbsize()).toBe(0);
    await ignored.stop();

    // The restore of docs/operations.md: start with appendonly no (it loads dump.rdb), switch the
    // AOF on and wait for it to be written, then run as usual with appendonly yes.
    const loaded = await redisOn(rdbOnly, false);
    await loaded.redis.config('SET', 'appendonly', 'yes');
    await waitFor(async () => {
      const info = await loaded.redis.info('persistence');
      return /aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info)
        ? /aof_enabled:1/.test(info)
        : false;
    }, 'the AOF to be written');
    await loaded.stop();
    const restored = await redisOn(rdbOnly, true);
    try {
      expect(await restored.redis.get('club-bot:links:b')).toBe('sealed-link');
    } finally {
      await restored.stop();
    }
  });

  describe('a restore older than a filing', () => {
    const token = 'restore-token-51a0';
    let simulator: RunningSimulator;
    beforeAll(async () => {
      simulator = await startSimulator({ token, members: 30, seed: 9 });
    });
    afterAll(() => simulator.stop());

    /** The worker's filing of one incident, as file-submission.ts does it, on `redis`. */
    async function fileIncident(redis: Redis, reporterGuid: string) {
      const services = createClubServices({
        config: loadConfig({
          CLUB_API_URL: simulator.url,
          CLUB_API_TOKEN: token,
          REDIS_URL: 'unused',
          CLUB_DATA_KEY: testDataKey,
        }),
        logger: createLogger({ level: 'silent' }),
        connections: { redis, queueConnection: redis },
        keyTracking: false,
      });
      const api = services.apiFor('write');
      const draft = {
        title: 'Restored and run again',
        date: '2026-03-02',
        status: 'Open' as const,
        details: 'Slipped on the poolside.',
        reporterGuid,
      };
      try {
        return await services.filer.fileOnce('form-restore-1', {
          file: async () => (await api.fileIncident(draft)).guid,
          find: () => findFiledIncident(api, draft),
        });
      } finally {
        await services.close();
      }
    }

    it('when Redis is restored from a backup taken before a form was filed and the job runs again, the form is filed once', async () => {
      const reporter = simulator.admin.records('users').find((user) => user.Active !== 0);
      const running = await redisOn(folder(), true);
      await running.redis.set('club-bot:before-the-filing', '1');
      const backup = await backUp(running);

      const first = await fileIncident(running.redis, String(reporter?.Guid));
      expect(first.filedNow).toBe(true);
      await running.stop();

      // The backup knows nothing of the filing: its job would run again.
      const restored = await redisOn(backup, true);
      try {
        expect(await restored.redis.exists('club-bot:filing:form-restore-1')).toBe(0);
        const again = await fileIncident(restored.redis, String(reporter?.Guid));
        // Nothing of this key is left, so the record is found first: its answer says it was there.
        expect(again).toEqual({ reference: first.reference, filedNow: false, foundFirst: true });
      } finally {
        await restored.stop();
      }
      const filed = simulator.admin
        .records('incidents')
        .filter((record) => record.IncidentTitle === 'Restored and run again');
      expect(filed).toHaveLength(1);
    });
  });
});
