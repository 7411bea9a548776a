import type { Redis } from 'ioredis';
import type { AuditWrite } from '../access/audit-trail.js';
import type { Reply } from '../core/reply.js';
import { RedisScript } from '../redis/redis-script.js';
import type { Sealer } from '../redis/sealer.js';
import { type ReplyAddress, replyAddressSchema } from './reply-address.js';
import { clubKeys } from '../redis/club-keys.js';
import { z } from 'zod';
import { replySchema } from '../core/core-schemas.js';

/**
 * A reply waiting to be delivered. It may hold personal data, so it is sealed in Redis and stays
 * there only until delivered (or given up on).
 */
export interface OutboxEntry {
  /** The correlation id of the command or submission it answers. */
  id: string;
  replyTo: ReplyAddress;
  reply: Reply;
  /** When the adapter received the command, for the answer-latency metric. */
  receivedAt?: number;
  /** Deliveries tried so far. Default: 0. */
  attempts?: number;
}

const outboxEntrySchema = z.object({
  id: z.string(),
  replyTo: replyAddressSchema,
  reply: replySchema,
  receivedAt: z.number().optional(),
  attempts: z.number().optional(),
}) satisfies z.ZodType<OutboxEntry>;

export const outboxGroup = 'deliverers';

/** A mark lasts as long as a job can be re-run: a budget wait is at most a day. */
const markMs = 25 * 3_600_000;

/**
 * The entry, its audit record and its once-mark, written together or not at all. Redis does not
 * roll a script back when a command fails (out of memory, say), so the mark goes last and what
 * went before is undone on failure: a refused put can simply be tried again.
 * KEYS: outbox stream, mark, audit stream. ARGV: mark ms, entry, audit min id, audit record ('' for none).
 * Returns 1 when put, 0 when the mark was already set.
 */
const putScript = new RedisScript(`
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local id = redis.call('XADD', KEYS[1], '*', 'entry', ARGV[2])
local audit
if ARGV[4] ~= '' then
  audit = redis.pcall('XADD', KEYS[3], 'MINID', '~', ARGV[3], '*', 'entry', ARGV[4])
  if type(audit) == 'table' and audit.err then
    redis.call('XDEL', KEYS[1], id)
    return redis.error_reply(audit.err)
  end
end
local marked = redis.pcall('SET', KEYS[2], '1', 'PX', ARGV[1])
if type(marked) == 'table' and marked.err then
  redis.call('XDEL', KEYS[1], id)
  if audit then redis.call('XDEL', KEYS[3], audit) end
  return redis.error_reply(marked.err)
end
return 1`);

/**
 * Where the worker leaves its replies for the bot process to deliver (see `startHostedDeliverer`).
 * A worker may die at any moment; the post to Slack or Discord is not made by it, so a worker's
 * death can neither lose a reply nor send one twice.
 */
export interface ReplyOutbox {
  /**
   * Leaves a reply, with its audit record when given. Only the first reply with a `once` mark
   * (e.g. `answered:<id>`) goes in, so a job run again after a crash answers once. Resolves
   * whether it went in; rejects, having written nothing, when Redis refused a write.
   */
  put(entry: OutboxEntry, once: string, audit?: AuditWrite): Promise<boolean>;
  /** Replies not yet delivered: waiting, being delivered, or waiting for a retry. */
  pending(): Promise<number>;
  /** The entry in a stream record's fields, or undefined when it cannot be read. */
  read(fields: readonly string[]): OutboxEntry | undefined;
  /** Done with a delivery: acknowledged and deleted, and kept for a retry at `retry.at` if given. */
  finish(streamId: string, retry?: { entry: OutboxEntry; at: number }): Promise<void>;
  /** Moves retries that are due at `now` back into the stream. */
  promoteDue(now: number): Promise<void>;
  /**
   * Renews `consumer`'s claim on an entry it is delivering (its idle time starts again), only if
   * it still holds it: a live delivery is not taken over, a dead one's is. Resolves whether it did.
   */
  keep(streamId: string, consumer: string): Promise<boolean>;
}

/** Moves retries that are due back into the stream. */
const promoteDue = new RedisScript(`
local due = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 100)
for _, member in ipairs(due) do
  redis.call('XADD', KEYS[1], '*', 'entry', member)
  redis.call('ZREM', KEYS[2], member)
end
return #due`);

/** Done with an entry: acknowledged and deleted, and put in the retry set when ARGV[3..4] say when. */
const finishScript = new RedisScript(`
if ARGV[3] then redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4]) end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return 1`);

/** KEYS[1] the stream. ARGV: group, consumer, entry id. Renews the claim if the consumer holds it. */
const keepScript = new RedisScript(`
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1, ARGV[2])
if #pending == 0 then return 0 end
redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[3], 'JUSTID')
return 1`);

export function createReplyOutbox(redis: Redis, prefix: string, sealer: Sealer): ReplyOutbox {
  const keys = clubKeys(prefix).outbox;
  // An entry moves between the stream and the retry set: it is bound to the outbox's stream.
  const at = { kind: 'outbox' as const, key: keys.stream };
  return {
    async put(entry, once, audit) {
      const added = await putScript.run(
        redis,
        [keys.stream, keys.once(once), audit?.stream ?? keys.stream],
        [
          markMs,
          sealer.sealJson(entry, at),
          audit?.minId ?? '',
          audit ? JSON.stringify(audit.entry) : '',
        ],
      );
      return added === 1;
    },
    read(fields) {
      const index = fields.indexOf('entry');
      return sealer.openJsonOrAbsent(fields[index + 1], at, outboxEntrySchema);
    },
    async finish(streamId, retry) {
      const later = retry ? [retry.at, sealer.sealJson(retry.entry, at)] : [];
      await finishScript.run(redis, [keys.stream, keys.later], [outboxGroup, streamId, ...later]);
    },
    async promoteDue(now) {
      await promoteDue.run(redis, [keys.stream, keys.later], [now]);
    },
    async keep(streamId, consumer) {
      return (await keepScript.run(redis, [keys.stream], [outboxGroup, consumer, streamId])) === 1;
    },
    async pending() {
      const [waiting, later] = await Promise.all([
        redis.xlen(keys.stream),
        redis.zcard(keys.later),
      ]);
      return waiting + later;
    },
  };
}
