import type { Redis } from 'ioredis';
import { createPersonShare, type PersonShare } from './person-share.js';

/** How much of a club's day one person may use; per club in the registry, else the environment's. */
export interface PersonShareSettings {
  /** Percent of the club's daily limit one person may spend on cold reads (`CLUB_PERSON_DAILY_SHARE`). */
  callsPercent: number;
  /** Forms one person may file a day (`CLUB_PERSON_DAILY_FORMS`). */
  formsPerDay: number;
}

/** One person's two daily shares of a club: club calls the cache could not answer, forms filed. */
export interface PersonShares {
  calls: PersonShare;
  forms: PersonShare;
}

/**
 * A club's person shares, counted under the club's prefix, so one person's day in one club
 * costs nothing in another. The call share is a percentage of the club's own limit, at least 2.
 */
export function createPersonShares(options: {
  redis: Redis;
  /** The club's key prefix. */
  prefix: string;
  /** The club's daily limit (`CLUB_DAILY_LIMIT` or the registry's). */
  clubLimit: number;
  settings: PersonShareSettings;
  /** Default: 24 h. */
  windowMs?: number;
  now?: () => number;
}): PersonShares {
  const { settings, clubLimit } = options;
  const shared = {
    redis: options.redis,
    prefix: options.prefix,
    windowMs: options.windowMs,
    now: options.now,
  };
  return {
    calls: createPersonShare({
      ...shared,
      kind: 'calls',
      limit: (clubLimit * settings.callsPercent) / 100,
    }),
    forms: createPersonShare({ ...shared, kind: 'forms', limit: settings.formsPerDay }),
  };
}
