import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as keysModule from '../../src/redis/club-keys.js';
import {
  budgetKey,
  clubKeys,
  clubPrefix,
  doorbellKeys,
  registryKeys,
  singleClubClusterPrefix,
} from '../../src/redis/club-keys.js';

/** Every key text a key set holds, its templates filled with `x` (nested sets walked). */
function keysIn(set: unknown): string[] {
  if (typeof set === 'string') return [set];
  if (typeof set === 'function') {
    return keysIn((set as (...args: string[]) => unknown)(...Array<string>(set.length).fill('x')));
  }
  if (Array.isArray(set)) return set.flatMap(keysIn);
  if (typeof set === 'object' && set !== null) {
    // BullMQ names its keys `prefix:name:…`: the queue's keys are under what we pass it.
    if ('prefix' in set && 'name' in set) return [`${String(set.prefix)}:${String(set.name)}:x`];
    return Object.values(set).flatMap(keysIn);
  }
  throw new TypeError(`not a key: ${String(set)}`);
}

/** The hash tag Redis Cluster places a key by: the text between its first `{` and the next `}`. */
function hashTagOf(key: string): string | undefined {
  const open = key.indexOf('{');
  const close = key.indexOf('}', open + 1);
  return open >= 0 && close > open + 1 ? key.slice(open + 1, close) : undefined;
}

describe('the keys module', () => {
  it('exports key sets and helpers only, each listed here, so a new template is checked below', () => {
    expect(Object.keys(keysModule).sort()).toEqual(
      [
        'budgetKey',
        'clubIdPattern',
        'clubKeys',
        'clubOfPrefix',
        'clubPrefix',
        'defaultRoot',
        'doorbellKeys',
        'everyKeyUnder',
        'isHostingKey',
        'queueName',
        'registryKeys',
        'sealedShelfOf',
        'singleClubClusterPrefix',
        'singleClubPrefixes',
      ].sort(),
    );
  });

  it('when a club is hosted, then every key of it sits under the club’s hash tag', () => {
    const prefix = clubPrefix('otters');
    const keys = [...keysIn(clubKeys(prefix)), budgetKey(prefix)];
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      expect(key.startsWith('club-bot:{club:otters}:'), key).toBe(true);
      expect(hashTagOf(key), key).toBe('club:otters');
    }
  });

  it('when the environment describes a single club, then its keys sit under `club-bot:`, or `{club-bot}` on a cluster', () => {
    for (const key of keysIn(clubKeys('club-bot'))) {
      expect(key.startsWith('club-bot:'), key).toBe(true);
      expect(hashTagOf(key), key).toBeUndefined();
    }
    for (const key of keysIn(clubKeys(singleClubClusterPrefix))) {
      expect(hashTagOf(key), key).toBe('club-bot');
    }
  });

  it('then the registry’s keys sit under {clubs} and the doorbells’ under {doorbell}', () => {
    for (const key of keysIn(registryKeys())) expect(hashTagOf(key), key).toBe('clubs');
    for (const key of keysIn(doorbellKeys())) expect(hashTagOf(key), key).toBe('doorbell');
    expect(keysIn(registryKeys('t1')).every((key) => key.startsWith('t1:{clubs}:'))).toBe(true);
  });

  it('then every key keeps the text existing deployments wrote their data under', () => {
    const [queue, ...rest] = keysIn(clubKeys('club-bot'));
    expect(queue).toBe('club-bot:club-bot:x');
    expect(rest).toEqual(
      [
        'audit',
        'links:x',
        'links:lock',
        'cache:x',
        'cache-lock:x',
        'not-served:x',
        'cache:',
        'links:',
        'club-layout',
        'budget:calls',
        'share:x:x:x',
        'share:x:x:x:spent:x',
        'rate:x:x:x',
        'filing:x',
        'filing-lock:x',
        'outbox',
        'outbox:later',
        'outbox:once:x',
        'digests:subscriptions',
        'digests:state',
        'digests:log',
        'digests:people',
        'discord:x:x',
        'slack:x:x',
        'slack:home:x',
        'slack:person:x:x',
        'slack:response-url:x',
        'slack:seen:x',
        'data-format',
      ].map((key) => `club-bot:${key}`),
    );
    expect(keysIn(registryKeys()).map((key) => key.slice('club-bot:{clubs}:'.length))).toEqual([
      'records',
      'slack-teams',
      'discord-guilds',
      'invites',
      'version',
      'slack-installations',
      'slack-claim:x',
      'slack-claim:x:tries',
      'slack-unclaimed',
      'data-format',
    ]);
    expect(doorbellKeys()).toEqual({
      jobs: 'club-bot:{doorbell}:jobs',
      outbox: 'club-bot:{doorbell}:outbox',
    });
  });

  it('then no other source file builds a key under a prefix or a root', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const building = /`\$\{[^}`]*(prefix|root|Prefix|Root)[^}`]*\}:\S|:\{(clubs|club:|doorbell)/;
    const builders = sources('src')
      .filter((file) => file.endsWith('.ts') && file !== join('src', 'redis', 'club-keys.ts'))
      .filter((file) => building.test(readFileSync(file, 'utf8')));
    expect(builders).toEqual([]);
  });
});
