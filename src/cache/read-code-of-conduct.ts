import type { ClubApi } from '../club/club-api.js';
import { ClubNotFoundError } from '../club/club-errors.js';
import type { CodeOfConduct } from '../club/code-of-conduct.js';
import { z } from 'zod';
import type { ReadCache } from './read-cache.js';
import { cacheKey } from './cache-key.js';
import { clubKeys } from '../redis/club-keys.js';

/**
 * What the host says of its codes of conduct: not served (it answered 404), or the codes, oldest
 * first as the host lists them, with their age as the cache gives it.
 */
export type CodeOfConductReading =
  { served: false } | { served: true; codes: CodeOfConduct[]; fetchedAt: number; stale: boolean };

/** Options for {@link createCodeOfConductRead}. */
export interface CodeOfConductReadOptions {
  /** The read cache (sealed in Redis, one refresh at a time), as for the other collections. */
  cache: ReadCache;
  /** A client whose every call reserves a unit of the budget at that priority. */
  apiFor(priority: 'interactive' | 'background'): ClubApi;
  /** Where a 404 is remembered, so no process asks again until it expires. */
  redis: {
    get(key: string): Promise<string | null>;
    set(key: string, value: string, unit: 'PX', ms: number): Promise<unknown>;
  };
  /** The club's key prefix. */
  prefix: string;
  /** How long a 404 is believed before the host is asked again. Default: 24 hours. */
  notServedMs?: number;
  /** The clock, ms since the epoch (the read cache's). Default: `Date.now`. */
  now?: () => number;
}

type Loaded = { served: false } | { served: true; codes: CodeOfConduct[] };

const codeSchema: z.ZodType<CodeOfConduct> = z.object({
  guid: z.string(),
  title: z.string(),
  agreements: z.array(z.object({ guid: z.string(), dateAgreed: z.string().optional() })),
});
const codesKey = cacheKey<Loaded>(
  'codeOfConduct',
  z.union([
    z.object({ served: z.literal(false) }),
    z.object({ served: z.literal(true), codes: z.array(codeSchema) }),
  ]),
);

/**
 * The club's codes of conduct, where the host has them: `CodeOfConduct` is beyond the spec, so a
 * host may lack it. A 404 on the list answers "not served" without an error and is remembered in
 * Redis under the club's prefix for a day, so the host is asked at most once a day. Otherwise the
 * list and then each code are read (one call each) through the read cache; a code gone between the
 * two reads is left out. Any other failure is thrown as the other collections' are.
 */
export function createCodeOfConductRead(
  options: CodeOfConductReadOptions,
): () => Promise<CodeOfConductReading> {
  const { cache, redis } = options;
  const notServedMs = options.notServedMs ?? 24 * 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const notServedKey = clubKeys(options.prefix).notServed('CodeOfConduct');

  const load = async (api: ClubApi): Promise<Loaded> => {
    let list;
    try {
      list = await api.listCodesOfConduct();
    } catch (error) {
      if (!(error instanceof ClubNotFoundError)) throw error;
      // Until when, on our clock; the key's own expiry only clears it away.
      await redis.set(notServedKey, String(now() + notServedMs), 'PX', notServedMs);
      return { served: false };
    }
    const codes: CodeOfConduct[] = [];
    // One at a time: a club has a handful of codes, and each read is a unit of the budget.
    for (const { guid } of list) {
      try {
        codes.push(await api.getCodeOfConduct(guid));
      } catch (error) {
        if (!(error instanceof ClubNotFoundError)) throw error;
      }
    }
    return { served: true, codes };
  };

  return async () => {
    // Redis is untrusted: anything but a time to come counts as nothing remembered.
    if (now() < Number(await redis.get(notServedKey))) return { served: false };
    const { value, fetchedAt, stale } = await cache.read(codesKey, (mode) =>
      load(options.apiFor(mode)),
    );
    return value.served ? { served: true, codes: value.codes, fetchedAt, stale } : value;
  };
}
