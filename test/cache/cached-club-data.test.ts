import { describe, expect, it } from 'vitest';
import { freshnessOf } from '../../src/cache/cached-club-data.js';
import { loadConfig } from '../../src/config.js';

describe('how long cached collections stay fresh', () => {
  it("by default, members and rosters stay fresh an hour and who's who, roles and events six hours", () => {
    const config = loadConfig({
      CLUB_API_URL: 'http://club.test',
      CLUB_API_TOKEN: 't',
      REDIS_URL: '/r',
    });
    const freshMs = freshnessOf(config.CACHE_FRESH_SECONDS * 1000);
    const hours = (collection: string) => freshMs(collection) / 3_600_000;
    expect(['members', 'sessions', 'incidents'].map(hours)).toEqual([1, 1, 1]);
    expect(['whosWho', 'roles', 'groups', 'events', 'meets'].map(hours)).toEqual([6, 6, 6, 6, 6]);
  });
});
