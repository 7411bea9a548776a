import { BudgetDeniedError } from '../budget/daily-budget.js';
import type { Priority } from '../budget/priority.js';
import type { CachedCollection } from '../cache/cached-club-data.js';
import { createCachedClubData } from '../cache/cached-club-data.js';
import type { ReadCache } from '../cache/read-cache.js';
import type { CacheKey } from '../cache/cache-key.js';
import { collectionKeys as keys } from '../cache/collection-schemas.js';
import type { ClubApi } from '../club/club-api.js';
import { ClubError } from '../club/club-errors.js';
import type { Cached, ClubData } from '../core/club-data.js';

/** Options for {@link createDigestData}. */
export interface DigestDataOptions {
  cache: ReadCache;
  apiFor: (priority: Priority) => ClubApi;
  /**
   * How old a collection may be and still serve a digest without a refresh, by collection.
   * Default: a day for members (renewal dates and coaches' names change slowly, and a club's
   * members are many pages), the cache's own freshness for the rest.
   */
  maxAgeMs?: Partial<Record<CachedCollection, number>>;
  now?: () => number;
}

/** The budget (ours, or the service's 403) has no call for this. */
export function isBudgetOut(error: unknown): boolean {
  return (
    error instanceof BudgetDeniedError ||
    (error instanceof ClubError && error.code === 'budget-exhausted')
  );
}

/**
 * The club's data as digests read it: every call at `background` priority, so digests never
 * refresh past the background ceiling; an entry young enough is used as it is; a stale one is
 * refreshed and waited for, and served as it was when the budget says no (the post states its
 * age). Only an entry never cached fails, with the budget's error.
 */
export function createDigestData(options: DigestDataOptions): ClubData {
  const { cache } = options;
  const now = options.now ?? Date.now;
  const maxAge: Partial<Record<string, number>> = { members: 24 * 3_600_000, ...options.maxAgeMs };
  const background = createCachedClubData(
    {
      ...cache,
      // Read through `read` below; the cached data's own reads then load at background only.
      read: (key, load) => cache.read(key, () => load('background')),
    },
    () => options.apiFor('background'),
  );

  async function fresh<T>(key: CacheKey<T>, read: () => Promise<Cached<T>>) {
    const held = await cache.peek(key);
    const limit = maxAge[key.name];
    if (held && (limit === undefined ? !held.stale : now() - held.fetchedAt <= limit)) return held;
    try {
      const got = await read();
      if (!got.stale) return got;
      // A stale read started a refresh in this process: wait for it, then take what it stored.
      await cache.settle();
      return (await cache.peek(key)) ?? got;
    } catch (error) {
      if (held && isBudgetOut(error)) return { ...held, stale: true };
      throw error;
    }
  }

  return {
    members: () => fresh(keys.members, background.members),
    sessions: () => fresh(keys.sessions, background.sessions),
    whosWho: () => fresh(keys.whosWho, background.whosWho),
    groups: () => fresh(keys.groups, background.groups),
    roles: () => fresh(keys.roles, background.roles),
    events: () => fresh(keys.events, background.events),
    meets: () => fresh(keys.meets, background.meets),
    incidents: () => fresh(keys.incidents, background.incidents),
    trialRequests: () => fresh(keys.trialRequests, background.trialRequests),
    waitingList: () => fresh(keys.waitingList, background.waitingList),
    memberSensitive: () => Promise.reject(new Error('Digests never read special-category data.')),
    freshMembers: () => Promise.reject(new Error('Digests never read special-category data.')),
    incident: () => Promise.reject(new Error('Digests never read an incident’s details.')),
  };
}
