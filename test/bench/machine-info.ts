import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** The machine a run was measured on. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  /** 1, 5 and 15 minute load averages. */
  loadAverage: number[];
  platform: string;
}

export function machineInfo(): MachineInfo {
  const cores = cpus();
  return {
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
    platform: `${process.platform} ${process.arch}`,
  };
}

/** The versions that decide the figures: node, redis-server, bullmq, @slack/bolt (and ioredis). */
export function versions(): Record<string, string> {
  const redis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return {
    node: process.version,
    'redis-server': /v=(\S+)/.exec(redis.stdout ?? '')?.[1] ?? 'unknown',
    bullmq: installedVersion('bullmq'),
    '@slack/bolt': installedVersion('@slack/bolt'),
    ioredis: installedVersion('ioredis'),
  };
}

function installedVersion(name: string): string {
  try {
    const url = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
