import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

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

/**
 * Replies of Redis commands that ioredis types loosely, as zod reads them: Redis is untrusted, and
 * a reply of another shape (another server version, a proxy) fails here, typed, not further on.
 */

const streamEntry = z.tuple([z.string(), z.array(z.string())]);

/** XREADGROUP: per stream, its name and the entries read; null when none came. */
export const xreadgroupReply = z.array(z.tuple([z.string(), z.array(streamEntry)])).nullable();

/** XAUTOCLAIM: the next cursor and the entries claimed (null for deleted ones on Redis 6.2). */
export const xautoclaimReply = z
  .tuple([z.string(), z.array(streamEntry.nullable())])
  .rest(z.unknown());

/** XINFO CONSUMERS: per consumer, a flat [name, value, …] list. */
export const xinfoConsumersReply = z.array(z.array(z.unknown()));

/** BLMPOP: the list popped from and the values; null when the time ran out. */
export const blmpopReply = z.tuple([z.string(), z.array(z.string())]).nullable();

/** CONFIG GET of one parameter: its name and value. */
export const configGetReply = z.tuple([z.string(), z.string()]);

/** A script's reply of strings, some of them null (nil); null when it returned nothing. */
export const stringsReply = z.array(z.string().nullable()).nullable();
