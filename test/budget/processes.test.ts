import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { budgetKey } from '../../src/redis/club-keys.js';
import { connectTestRedis, testRedisUrl, uniquePrefix } from '../support/redis.js';

const fixture = fileURLToPath(new URL('./fixtures/reserve-loop.ts', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

interface LoopResult {
  pid: number;
  granted: number;
  refused: number;
}

function startLoop(prefix: string, limit: number): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: root,
    env: {
      ...process.env,
      REDIS_URL: testRedisUrl(),
      BUDGET_PREFIX: prefix,
      BUDGET_LIMIT: String(limit),
    },
  });
}

/** Resolves with each stdout line as it comes; rejects if the process fails. */
function lines(child: ChildProcessWithoutNullStreams): {
  next(): Promise<string>;
  exited: Promise<void>;
} {
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else queue.push(line);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`reserve loop exited ${code}: ${stderr}`)),
    );
  });
  return {
    next: () => {
      const line = queue.shift();
      if (line !== undefined) return Promise.resolve(line);
      return Promise.race([
        new Promise<string>((resolve) => waiting.push(resolve)),
        exited.then(() => Promise.reject(new Error(`reserve loop ended early: ${stderr}`))),
      ]);
    },
    exited,
  };
}

describe('several worker processes sharing one budget', () => {
  const redis = connectTestRedis();
  let key = '';
  afterEach(async () => {
    await redis.del(key);
  });
  afterAll(() => redis.quit());

  it('when four processes reserve as fast as they can against a budget of 50, they get exactly 50 together', async () => {
    const prefix = uniquePrefix('budget-processes');
    key = budgetKey(prefix);
    const children = Array.from({ length: 4 }, () => startLoop(prefix, 50));
    const outputs = children.map(lines);
    for (const output of outputs) expect(await output.next()).toBe('ready');
    for (const child of children) child.stdin.write('go\n');

    const results = await Promise.all(
      outputs.map(async (output) => JSON.parse(await output.next()) as LoopResult),
    );
    await Promise.all(outputs.map((output) => output.exited));

    expect(results.reduce((sum, result) => sum + result.granted, 0)).toBe(50);
    for (const result of results) expect(result.refused).toBe(5);
    expect(await redis.zcard(key)).toBe(50);
  }, 30_000);
});
