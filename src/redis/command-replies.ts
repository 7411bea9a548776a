import { z } from 'zod';

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
