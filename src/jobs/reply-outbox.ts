import type { Redis } from 'ioredis';
import { RedisScript } from '../redis/redis-script.js';
import type { AuditWrite } from '../access/audit-trail.js';
import { encodeOutboxEntry, type OutboxEntry } from './outbox-entry.js';

/** The Redis keys of the outbox under a prefix. */
export function outboxKeys(prefix: string) {
  return {
    /** A stream of entries not yet delivered, read by the `deliverers` group. */
    stream: `${prefix}:outbox`,
    /** Entries waiting to be retried (after a 429 or a passing failure), scored by when. */
    later: `${prefix}:outbox:later`,
    /** The mark that lets a reply in once. */
    once: (mark: string) => `${prefix}:outbox:once:${mark}`,
  };
}

export const outboxGroup = 'deliverers';

/** A mark lasts as long as a job can be re-run: a budget wait is at most a day. */
const markMs = 25 * 3_600_000;

// The mark, the entry and its audit record are written together or not at all: a worker killed
// at any moment either left the reply in the outbox (and the mark keeps a re-run from adding it
// again) or did not. Redis does not roll a script back when one of its commands fails (out of
// memory, a key of the wrong type), so the mark is set last and what went before is undone when
// a later write fails: a put that failed can be tried again. KEYS[3] and ARGV[4..5] are the
// audit stream, its oldest id and the record.
const putOnce = new RedisScript(`
if ARGV[2] == '1' and redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
local entry = redis.call('XADD', KEYS[1], '*', 'entry', ARGV[1])
local audit
if ARGV[5] then
  audit = redis.pcall('XADD', KEYS[3], 'MINID', '~', ARGV[4], '*', 'entry', ARGV[5])
  if type(audit) == 'table' and audit.err then
    redis.call('XDEL', KEYS[1], entry)
    return audit
  end
end
if ARGV[2] == '1' then
  local marked = redis.pcall('SET', KEYS[2], '1', 'PX', ARGV[3])
  if type(marked) == 'table' and marked.err then
    redis.call('XDEL', KEYS[1], entry)
    if audit then redis.call('XDEL', KEYS[3], audit) end
    return marked
  end
end
return 1`);

/**
 * Where the worker leaves its replies for the bot process to deliver (see `startReplyDeliverer`).
 * A worker may die at any moment; the post to Slack or Discord is not made by it, so a worker's
 * death can neither lose a reply nor send one twice.
 */
export interface ReplyOutbox {
  /**
   * Leaves a reply. With a `once` mark (e.g. `answered:<id>`), only the first reply with that mark
   * goes in; a later one is dropped. With `audit`, the reply's audit record is written with it
   * (and dropped with it). Resolves whether it went in; rejects, having written nothing, when
   * Redis refused a write (e.g. out of memory), so the same put may be tried again.
   */
  put(entry: OutboxEntry, once?: string, audit?: AuditWrite): Promise<boolean>;
  /** Replies not yet delivered: waiting, being delivered, or waiting for a retry. */
  pending(): Promise<number>;
}

/**
 * The outbox on `redis`. A put's command is sent before `put` returns, as EVAL (see
 * `RedisScript.runInOrder`), so Redis runs it before any command sent on `redis` after it: the
 * worker leaves its replies that way on BullMQ's own connection (see `createClubWorker`).
 */
export function createReplyOutbox(redis: Redis, prefix: string): ReplyOutbox {
  const keys = outboxKeys(prefix);
  return {
    async put(entry, once, audit) {
      const added = await putOnce.runInOrder(
        redis,
        audit
          ? [keys.stream, keys.once(once ?? ''), audit.stream]
          : [keys.stream, keys.once(once ?? '')],
        [
          encodeOutboxEntry(entry),
          once === undefined ? '0' : '1',
          markMs,
          ...(audit ? [audit.minId, audit.json] : []),
        ],
      );
      return added === 1;
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
