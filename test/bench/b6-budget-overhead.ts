import { randomUUID } from 'node:crypto';
import type { BenchOptions } from './bench-options.js';
import { startChild } from './child-process.js';
import { atMost, figure, type Figure } from './figure.js';
import { percentiles } from './stats.js';

const contenders = 4;

/**
 * B6: four processes reserve units of one shared daily budget in a loop, each timing every
 * reservation (one atomic script in Redis), all over the same wall-clock span; the samples are
 * merged. The limit is set high so that every reservation is granted, the path every club call
 * takes (the window then holds more entries than a real day's 5,000, which only costs more).
 */
export async function budgetOverhead(options: BenchOptions): Promise<Figure[]> {
  const prefix = `bench-budget-${randomUUID().slice(0, 8)}`;
  const children = await Promise.all(
    Array.from({ length: contenders }, () =>
      startChild('budget-contender', {
        BENCH_REDIS_URL: options.redisUrl,
        BENCH_PREFIX: prefix,
        BENCH_LIMIT: '100000000',
      }),
    ),
  );
  try {
    const startAt = Date.now() + 500;
    const answers = await Promise.all(
      children.map((child) =>
        child.request<{ samples: number[]; denied: number }>({
          type: 'reserve',
          startAt,
          warmupMs: 1_000,
          durationMs: options.quick ? 3_000 : 10_000,
        }),
      ),
    );
    const samples = answers.flatMap((answer) => answer.samples);
    const denied = answers.reduce((sum, answer) => sum + answer.denied, 0);
    const p = percentiles(samples);
    const seconds = options.quick ? 3 : 10;
    return [
      figure(
        'B6.p50',
        `B6 reserving a unit, p50 (${contenders} processes contending)`,
        p.p50,
        'ms',
      ),
      figure(
        'B6.p99',
        `B6 reserving a unit, p99 (${contenders} processes contending)`,
        p.p99,
        'ms',
        atMost(1, 'ms'),
      ),
      figure(
        'B6.rate',
        'B6 reservations per second, all processes',
        samples.length / seconds,
        '/s',
      ),
      figure('B6.denied', 'B6 reservations refused', denied, 'reservations'),
    ];
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}
