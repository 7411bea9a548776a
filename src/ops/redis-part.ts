import type { Redis } from 'ioredis';
import { describeError, withTimeout } from '../errors.js';
import type { HealthPart } from './health-part.js';

/** Whether Redis answers PING on the process's own connection within `timeoutMs` (default 5 s). */
export async function redisPart(redis: Redis, timeoutMs = 5_000): Promise<HealthPart> {
  try {
    const answer = await withTimeout(
      timeoutMs,
      () => redis.ping(),
      () => new Error(`no answer to PING within ${timeoutMs / 1000} s`),
    );
    if (answer !== 'PONG') throw new Error(`PING answered ${String(answer)}`);
    return { ok: true, detail: 'answered PING' };
  } catch (error) {
    return { ok: false, detail: `unreachable: ${describeError(error)}` };
  }
}
