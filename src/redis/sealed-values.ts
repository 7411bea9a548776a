import { Cluster, type Redis } from 'ioredis';
import { everyKeyUnder, sealedShelfOf, type SealedScope, type SealedShelf } from './club-keys.js';
import { jobDataAt, type JobName } from '../jobs/club-queue.js';
import { RedisScript } from './redis-script.js';
import type { SealedKind, SealedPlace } from './sealer.js';
import { z } from 'zod';
import { readStoredJson } from './stored-json.js';

export type { SealedScope } from './club-keys.js';

/** One value the bot sealed, where it lies, and how to put a re-sealed one in its place. */
export interface SealedValue {
  kind: SealedKind;
  place: SealedPlace;
  /** The club it is bound to ('' for a single club's, and the deployment's own). */
  club: string;
  text: string;
  /** Kept until someone removes it (no TTL): it must be re-sealed before its key is dropped. */
  longLived: boolean;
  /** Puts `next` in its place if the place still holds this text; whether it did. */
  replace(next: string): Promise<boolean>;
}

/** Options for {@link sealedValues}. */
export interface SealedValuesOptions {
  /** Stop after looking at this many keys (a sample). Default: every key. */
  maxKeys?: number;
  /** Whether values of a kind are still wanted (a sample that has enough is not read). */
  wants?: (kind: SealedKind) => boolean;
}

/** KEYS: hash. ARGV: field, old, new. */
const replaceField = new RedisScript(`
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1`);

/** KEYS: sorted set. ARGV: old member, new. Keeps the score. */
const replaceMember = new RedisScript(`
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], score, ARGV[2])
return 1`);

/** KEYS: key. ARGV: old, new. Keeps the TTL. */
const replaceString = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1`);

const jobName = z.enum(['command', 'form', 'digest']) satisfies z.ZodType<JobName>;

/**
 * Every value the bot seals in a deployment, found in one pass of SCAN over its keys (each master
 * of a cluster): cache, outbox, jobs and job schedulers, digests, member links, Slack and Discord
 * state, the identity cache, and a hosting deployment's records, invites and installations. The
 * one place that knows where sealed values lie: rotation, the start check and migrations use it.
 */
export async function* sealedValues(
  redis: Redis,
  scope: SealedScope,
  options: SealedValuesOptions = {},
): AsyncGenerator<SealedValue> {
  const base = scope.mode === 'single' ? scope.prefix : scope.root;
  let seen = 0;
  for await (const keys of scanned(redis, everyKeyUnder(base))) {
    for (const key of keys) {
      seen += 1;
      const shelf = sealedShelfOf(scope, key);
      if (!shelf || (options.wants && !options.wants(shelf.kind))) continue;
      yield* valuesOn(redis, key, shelf);
    }
    if (options.maxKeys !== undefined && seen >= options.maxKeys) return;
  }
}

async function* valuesOn(redis: Redis, key: string, on: SealedShelf): AsyncGenerator<SealedValue> {
  const value = (place: SealedPlace, club: string, text: string, replace: SealedValue['replace']) =>
    ({ kind: on.kind, place, club, text, longLived: on.longLived, replace }) satisfies SealedValue;
  const fieldReplacer = (field: string, text: string) => async (next: string) =>
    (await replaceField.run(redis, [key], [field, text, next])) === 1;
  switch (on.holds) {
    case 'string': {
      const text = await redis.get(key).catch(() => null);
      if (text === null) return;
      yield value({ kind: on.kind, key }, on.club, text, async (next) => {
        return (await replaceString.run(redis, [key], [text, next])) === 1;
      });
      return;
    }
    case 'cache': {
      const text = await redis.hget(key, 'value').catch(() => null);
      if (text === null) return;
      const place = { kind: on.kind, key, field: 'value' };
      yield value(place, on.club, text, fieldReplacer('value', text));
      return;
    }
    case 'hash':
    case 'records': {
      const all = await redis.hgetall(key).catch((): Record<string, string> => ({}));
      for (const [field, text] of Object.entries(all)) {
        const club = on.holds === 'records' ? field : on.club;
        yield value({ kind: on.kind, key, field }, club, text, fieldReplacer(field, text));
      }
      return;
    }
    case 'job': {
      const [name, data] = await redis.hmget(key, 'name', 'data').catch(() => [null, null]);
      const job = jobName.safeParse(name);
      const parsed = readStoredJson(data, z.looseObject({ sealed: z.string() }));
      if (!job.success || !data || !parsed) return;
      const place = jobDataAt(on.queue ?? '', job.data);
      const replace = fieldReplacer('data', data);
      yield value(place, on.club, parsed.sealed, (next) =>
        replace(JSON.stringify({ ...parsed, sealed: next })),
      );
      return;
    }
    case 'stream': {
      // Entries are delivered within minutes and a stream's entries cannot be rewritten: read only.
      for (let from = '-'; ;) {
        const entries = await redis.xrange(key, from, '+', 'COUNT', 100).catch(() => []);
        for (const [, fields] of entries) {
          const text = fields[fields.indexOf('entry') + 1];
          if (text)
            yield value({ kind: on.kind, key }, on.club, text, () => Promise.resolve(false));
        }
        if (entries.length < 100) return;
        from = `(${entries.at(-1)![0]}`;
      }
    }
    case 'retries': {
      // Replies waiting for a retry, bound to the outbox's stream they go back to.
      const place = { kind: on.kind, key: key.slice(0, -':later'.length) };
      const members = await redis.zrange(key, '0', '-1').catch(() => []);
      for (const text of members) {
        yield value(place, on.club, text, async (next) => {
          return (await replaceMember.run(redis, [key], [text, next])) === 1;
        });
      }
      return;
    }
  }
}

/** SCAN over every master (a cluster's keys are spread over its masters), in batches. */
async function* scanned(redis: Redis, match: string): AsyncGenerator<string[]> {
  const client = redis as unknown;
  const nodes =
    client instanceof Cluster ? (client.nodes('master') as unknown as Redis[]) : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', match, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }
}
