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
// a later write fails: a put that failed can be tried again.
//
// One script takes the replies put in a turn of the event loop, each on its own: one refused
// does not keep the others out. KEYS[1] is the outbox; for reply j, KEYS[2j] is its mark and
// KEYS[2j+1] its audit stream (the outbox when it has none). ARGV[1] is how long a mark lasts;
// for reply j, ARGV[4j-2..4j+1] are the entry, '1' when it has a mark, the audit stream's oldest
// id and the audit record ('' for none). It gives each reply's 1 (put in), 0 (already answered)
// or Redis's refusal.
const putEach = new RedisScript(`
local function refused(reply) return type(reply) == 'table' and reply.err end
local function put(mark, auditStream, entry, once, minId, record)
  if once == '1' and redis.call('EXISTS', mark) == 1 then return 0 end
  local id = redis.pcall('XADD', KEYS[1], '*', 'entry', entry)
  if refused(id) then return id.err end
  local audit
  if record ~= '' then
    audit = redis.pcall('XADD', auditStream, 'MINID', '~', minId, '*', 'entry', record)
    if refused(audit) then
      redis.call('XDEL', KEYS[1], id)
      return audit.err
    end
  end
  if once == '1' then
    local marked = redis.pcall('SET', mark, '1', 'PX', ARGV[1])
    if refused(marked) then
      redis.call('XDEL', KEYS[1], id)
      if audit then redis.call('XDEL', auditStream, audit) end
      return marked.err
    end
  end
  return 1
end
local results = {}
for j = 1, (#KEYS - 1) / 2 do
  results[j] = put(KEYS[2 * j], KEYS[2 * j + 1], ARGV[4 * j - 2], ARGV[4 * j - 1], ARGV[4 * j], ARGV[4 * j + 1])
end
return results`);

/** A put waiting for the end of its turn. */
interface WaitingPut {
  entry: Buffer;
  once: string | undefined;
  audit: AuditWrite | undefined;
  resolve(added: boolean): void;
  reject(error: unknown): void;
}

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
   *
   * The replies put in one turn of the event loop go to Redis together, once the turn's promise
   * jobs are done: {@link sent} says when.
   */
  put(entry: OutboxEntry, once?: string, audit?: AuditWrite): Promise<boolean>;
  /**
   * Resolves once every put made so far has been sent on the outbox's connection (not yet
   * confirmed): Redis runs it before any command sent on that connection afterwards.
   */
  sent(): Promise<void>;
  /** Replies not yet delivered: waiting, being delivered, or waiting for a retry. */
  pending(): Promise<number>;
}

/**
 * The outbox on `redis`. The puts of a turn are sent as one EVAL (see `RedisScript.runInOrder`)
 * from `process.nextTick`, which runs once the turn's promise jobs are done: the worker's jobs
 * woken together answer together, in one command instead of one each (see the README's
 * Performance section). A job waits for {@link ReplyOutbox.sent} before BullMQ records its end on
 * the same connection (see `createClubWorker`).
 */
export function createReplyOutbox(redis: Redis, prefix: string): ReplyOutbox {
  const keys = outboxKeys(prefix);
  let waiting: WaitingPut[] = [];
  let sent: Promise<void> = Promise.resolve();
  let markSent = (): void => {};

  function send(): void {
    const puts = waiting;
    waiting = [];
    const scriptKeys: string[] = [keys.stream];
    const args: (string | number | Buffer)[] = [markMs];
    for (const { entry, once, audit } of puts) {
      scriptKeys.push(keys.once(once ?? ''), audit?.stream ?? keys.stream);
      args.push(entry, once === undefined ? '0' : '1', audit?.minId ?? '', audit?.json ?? '');
    }
    putEach.runInOrder(redis, scriptKeys, args).then(
      (reply) => {
        if (!Array.isArray(reply) || reply.length !== puts.length) {
          const error = new TypeError(`unexpected reply from the outbox: ${String(reply)}`);
          for (const put of puts) put.reject(error);
          return;
        }
        puts.forEach((put, index) => {
          const result: unknown = reply[index];
          if (result === 1 || result === 0) put.resolve(result === 1);
          else put.reject(new Error(`Redis refused the reply: ${String(result)}`));
        });
      },
      (error: unknown) => {
        for (const put of puts) put.reject(error);
      },
    );
    markSent();
  }

  return {
    put(entry, once, audit) {
      return new Promise((resolve, reject) => {
        const encoded = encodeOutboxEntry(entry);
        if (waiting.length === 0) {
          sent = new Promise((resolveSent) => (markSent = resolveSent));
          process.nextTick(send);
        }
        waiting.push({ entry: encoded, once, audit, resolve, reject });
      });
    },
    sent: () => sent,
    async pending() {
      const [waitingEntries, later] = await Promise.all([
        redis.xlen(keys.stream),
        redis.zcard(keys.later),
      ]);
      return waitingEntries + later;
    },
  };
}
