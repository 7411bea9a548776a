import type { Redis } from 'ioredis';
import type { BenchChild } from './child-process.js';

/**
 * CPU time per item of each bench process and of Redis (`INFO cpu`), summed over the runs that
 * `measure` wraps: where a benchmark's time goes, beside how fast it went.
 */
export interface CpuMeter {
  /**
   * Runs `work` (`n` items), and adds to `side.<process>` (and `side.redis`) each one's CPU
   * milliseconds per item, weighted by `share` (1 / the number of runs of that side).
   */
  measure<T>(
    side: string,
    processes: Record<string, BenchChild>,
    n: number,
    share: number,
    work: () => Promise<T>,
  ): Promise<T>;
  /** `side.<process>` → milliseconds of CPU per item, of the sides measured so far. */
  spent(): ReadonlyMap<string, number>;
}

export function createCpuMeter(redis: Redis): CpuMeter {
  const spent = new Map<string, number>();
  const cpuOf = async (processes: Record<string, BenchChild>) => {
    const entries = await Promise.all(
      Object.entries(processes).map(async ([name, child]) => {
        const answer = await child.request<{ cpuMs: number }>({ type: 'cpu' });
        return [name, answer.cpuMs] as const;
      }),
    );
    const info = await redis.info('cpu');
    const seconds = (field: string) => Number(new RegExp(`${field}:([\\d.]+)`).exec(info)?.[1]);
    const redisMs = (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1000;
    return new Map([...entries, ['redis', redisMs]]);
  };
  return {
    async measure(side, processes, n, share, work) {
      const before = await cpuOf(processes);
      const result = await work();
      const after = await cpuOf(processes);
      for (const [name, ms] of after) {
        const key = `${side}.${name}`;
        spent.set(key, (spent.get(key) ?? 0) + ((ms - (before.get(name) ?? 0)) / n) * share);
      }
      return result;
    },
    spent: () => spent,
  };
}
