import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { sealFormatOne } from '../support/format-one.js';
import {
  createSealer,
  dataKeyProblem,
  newDataKey,
  UnsealableError,
  type SealedPlace,
} from '../../src/redis/sealer.js';

const at: SealedPlace = { kind: 'cache', key: 'club-bot:cache:members', field: 'value' };

describe('sealing values for Redis', () => {
  it('a sealed value opens to what was sealed, and says nothing of it', () => {
    const sealer = createSealer(newDataKey());
    const sealed = sealer.seal('Asthma; carries an inhaler', at);
    expect(sealed).toMatch(/^s2\.[0-9a-f]{8}\.[\w-]+$/);
    expect(sealed).not.toContain('Asthma');
    expect(sealer.open(sealed, at)).toBe('Asthma; carries an inhaler');
    const shape = z.object({ a: z.array(z.union([z.number(), z.string()])) });
    expect(sealer.openJson(sealer.sealJson({ a: [1, 'é'] }, at), at, shape)).toEqual({
      a: [1, 'é'],
    });
  });

  it('the same value sealed twice looks different each time', () => {
    const sealer = createSealer(newDataKey());
    expect(sealer.seal('same', at)).not.toBe(sealer.seal('same', at));
  });

  it('during a rotation, values sealed with the older key still open, and new ones use the new key', () => {
    const older = newDataKey();
    const newer = newDataKey();
    const before = createSealer(older).seal('kept from last month', at);
    const rotated = createSealer(`${newer},${older}`);
    expect(rotated.open(before, at)).toBe('kept from last month');
    const after = rotated.seal('new', at);
    expect(() => createSealer(older).open(after, at)).toThrowError(UnsealableError);
    expect(createSealer(newer).open(after, at)).toBe('new');
  });

  it('a changed value, a value sealed with a key not configured, or plain text does not open', () => {
    const sealer = createSealer(newDataKey());
    const sealed = sealer.seal('text', at);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => sealer.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, at)).toThrowError(
      UnsealableError,
    );
    expect(() => sealer.open(createSealer(newDataKey()).seal('text', at), at)).toThrowError(
      /not configured/,
    );
    expect(() => sealer.open('{"plain":"json"}', at)).toThrowError(/not sealed/);
  });

  it('a data key must be 32 bytes in base64, one or two of them', () => {
    expect(dataKeyProblem(newDataKey())).toBeUndefined();
    expect(dataKeyProblem(`${newDataKey()},${newDataKey()}`)).toBeUndefined();
    expect(dataKeyProblem('c2hvcnQ=')).toMatch(/32 bytes/);
    expect(dataKeyProblem([newDataKey(), newDataKey(), newDataKey()].join(','))).toMatch(/two/);
    expect(() => createSealer('c2hvcnQ=')).toThrowError(/CLUB_DATA_KEY/);
  });

  it('a value copied to another key, another field or another club does not open there', () => {
    const key = newDataKey();
    const otters = createSealer(key, { club: 'otters' });
    const sealed = otters.seal('250 members', at);
    expect(otters.open(sealed, at)).toBe('250 members');
    expect(() => otters.open(sealed, { ...at, key: 'club-bot:cache:sessions' })).toThrowError(
      /changed, moved/,
    );
    expect(() => otters.open(sealed, { ...at, field: 'other' })).toThrowError(UnsealableError);
    expect(() => otters.forClub('seals').open(sealed, at)).toThrowError(UnsealableError);
    expect(createSealer(key).forClub('otters').open(sealed, at)).toBe('250 members');
  });

  it('a value that does not open is taken as absent and told once per kind, never its text', () => {
    const told = vi.fn();
    const sealer = createSealer(newDataKey(), { onUnopenable: told });
    const foreign = createSealer(newDataKey()).sealJson({ secret: 'DBS 001' }, at);
    expect(sealer.openJsonOrAbsent(foreign, at, z.unknown())).toBeUndefined();
    expect(sealer.openJsonOrAbsent(foreign, at, z.unknown())).toBeUndefined();
    const garbage = sealer.openJsonOrAbsent('s2.garbage', { ...at, kind: 'outbox' }, z.unknown());
    expect(garbage).toBeUndefined();
    expect(told.mock.calls.map(([kind]) => kind)).toEqual(['cache', 'outbox']);
    expect(JSON.stringify(told.mock.calls)).not.toContain('DBS');
  });

  it('a value in the format before (s1, no associated data) still opens, and is reported stale', () => {
    const key = newDataKey();
    const sealer = createSealer(key);
    const old = sealFormatOne(key, JSON.stringify({ kept: true }));
    expect(sealer.openJson(old, at, z.object({ kept: z.boolean() }))).toEqual({ kept: true });
    expect(sealer.status(old, at)).toBe('stale');
    expect(sealer.status(sealer.sealJson({ kept: true }, at), at)).toBe('current');
    expect(createSealer(`${newDataKey()},${key}`).status(sealer.seal('x', at), at)).toBe('stale');
    expect(sealer.status('s2.00000000.AAAA', at)).toBe('unopenable');
  });
});
