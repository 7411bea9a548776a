import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run with EVALSHA, falling back to EVAL when Redis does not know it yet (first
 * use, or after a restart or SCRIPT FLUSH). Unlike ioredis `defineCommand` it adds nothing to
 * the shared connection, and it stays typed.
 */
export class RedisScript {
  readonly sha: string;
  constructor(readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(
    redis: Redis,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}

/** The integers a script returns, checked, so a wrong reply fails loudly. */
export function integerReply(reply: unknown, length: number): number[] {
  if (
    !Array.isArray(reply) ||
    reply.length !== length ||
    !reply.every((value): value is number => Number.isSafeInteger(value))
  ) {
    throw new TypeError(`unexpected reply from a Redis script: ${JSON.stringify(reply)}`);
  }
  return reply;
}
