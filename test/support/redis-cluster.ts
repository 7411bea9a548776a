import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** A Redis Cluster of three masters on loopback, started and stopped by a test. */
export interface LocalRedisCluster {
  /** `REDIS_CLUSTER_NODES`: host:port of each master. */
  nodes: string;
  stop(): Promise<void>;
}

/**
 * Starts three `redis-server --cluster-enabled yes` on free loopback ports (each needs its port
 * and port + 10000 for the cluster bus), joins them with `redis-cli --cluster create` (no
 * replicas) and waits until every node says the cluster is ok.
 */
export async function startRedisCluster(): Promise<LocalRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'club-bot-cluster-'));
  const ports: number[] = [];
  while (ports.length < 3) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (!ports.includes(port) && (await free(port)) && (await free(port + 10_000)))
      ports.push(port);
  }
  const servers: ChildProcess[] = ports.map((port) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    ),
  );
  const clients = ports.map((port) => {
    const client = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      retryStrategy: () => null,
    });
    // Refused until the server listens: `until` tries again.
    client.on('error', () => undefined);
    return client;
  });
  const stop = async () => {
    for (const client of clients) client.disconnect();
    for (const server of servers) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(async () => {
      for (const client of clients) if (client.status !== 'ready') await client.connect();
      return true;
    });
    const created = spawnSync(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((port) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ],
      { encoding: 'utf8' },
    );
    if (created.status !== 0)
      throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    await until(async () => {
      const infos = await Promise.all(clients.map((client) => client.cluster('INFO')));
      return infos.every((info) => String(info).includes('cluster_state:ok'));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: ports.map((port) => `127.0.0.1:${port}`).join(','), stop };
}

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function until(ready: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await ready()) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error('the Redis Cluster did not come up');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
