import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClubCommand } from '../../src/hosting/club-commands.js';
import { clubPrefix } from '../../src/redis/club-keys.js';
import { connectRedis } from '../../src/hosting/redis-client.js';
import type { Redis } from 'ioredis';
import { startRedisCluster, type LocalRedisCluster } from '../support/redis-cluster.js';
import { waitFor } from '../support/wait-for.js';
import { startHostingHarness } from './hosting-harness.js';
import { isolationScenarios } from './isolation-scenarios.js';

/*
 * The multi-club part of the suite on a Redis Cluster of three masters: every club's keys carry
 * its hash tag, so its scripts and its BullMQ queue stay in one slot, while the clubs spread over
 * the nodes.
 */
let cluster: LocalRedisCluster;
beforeAll(async () => {
  cluster = await startRedisCluster();
}, 30_000);
afterAll(() => cluster.stop());

isolationScenarios('a Redis Cluster of three masters', () => cluster.nodes);

describe('the registry and the pool on a Redis Cluster', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = connectRedis({ REDIS_URL: '', REDIS_CLUSTER_NODES: cluster.nodes });
  });
  afterAll(() => redis.quit());

  it('when clubs are spread over the nodes, a flood in one still leaves another answered first', async () => {
    const host = await startHostingHarness({
      clubs: [{ id: 'flood' }, { id: 'calm' }],
      noPool: true,
      concurrency: 2,
      clusterNodes: cluster.nodes,
    });
    try {
      const flood: string[] = [];
      for (let i = 0; i < 40; i += 1) flood.push((await host.send('flood', '/sessions')).id);
      const { id: calm } = await host.send('calm', '/sessions');
      host.startPool();
      await waitFor(() => host.replies.get(calm), 'the calm club’s answer', 15_000);
      expect(flood.filter((id) => host.replies.has(id)).length).toBeLessThan(10);
      await waitFor(() => flood.every((id) => host.replies.has(id)), 'the flood’s answers', 20_000);
    } finally {
      await host.stop();
    }
  });

  it('when a club is removed with --purge, its keys go from whichever node holds them', async () => {
    const host = await startHostingHarness({
      clubs: [{ id: 'gone' }],
      clusterNodes: cluster.nodes,
    });
    try {
      const { id } = await host.send('gone', '/sessions');
      await waitFor(() => host.replies.get(id), 'an answer, so the club has keys');
      const printed: string[] = [];
      const code = await runClubCommand(['remove', 'gone', '--purge'], {
        registry: host.registry,
        redis: host.redis,
        root: host.root,
        checkToken: () => Promise.resolve({ kind: 'accepted', status: 200 }),
        readFile: () => '',
        print: (line) => printed.push(line),
        installFlow: false,
      });
      expect(code).toBe(0);
      expect(printed.join('\n')).toMatch(/Deleted [1-9]\d* keys/);
      const prefix = clubPrefix('gone', host.root);
      const node = redis as unknown as { nodes(role: string): Redis[] };
      for (const master of node.nodes('master')) {
        expect(await master.keys(`${prefix}*`)).toEqual([]);
      }
    } finally {
      await host.stop();
    }
  });

  it('when the registry is written, its keys share one slot with their hash tag', async () => {
    const slots = await Promise.all(
      ['records', 'slack-teams', 'discord-guilds', 'version'].map((key) =>
        redis.cluster('KEYSLOT', `club-bot:{clubs}:${key}`),
      ),
    );
    expect(new Set(slots).size).toBe(1);
  });
});
