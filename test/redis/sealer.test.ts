import { describe, expect, it } from 'vitest';
import {
  createSealer,
  dataKeyProblem,
  newDataKey,
  UnsealableError,
} from '../../src/redis/sealer.js';

describe('sealing values for Redis', () => {
  it('a sealed value opens to what was sealed, and says nothing of it', () => {
    const sealer = createSealer(newDataKey());
    const sealed = sealer.seal('Asthma; carries an inhaler');
    expect(sealed).toMatch(/^s1\.[0-9a-f]{8}\.[\w-]+$/);
    expect(sealed).not.toContain('Asthma');
    expect(sealer.open(sealed)).toBe('Asthma; carries an inhaler');
    expect(sealer.openJson(sealer.sealJson({ a: [1, 'é'] }))).toEqual({ a: [1, 'é'] });
  });

  it('the same value sealed twice looks different each time', () => {
    const sealer = createSealer(newDataKey());
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
  });

  it('during a rotation, values sealed with the older key still open, and new ones use the new key', () => {
    const older = newDataKey();
    const newer = newDataKey();
    const before = createSealer(older).seal('kept from last month');
    const rotated = createSealer(`${newer},${older}`);
    expect(rotated.open(before)).toBe('kept from last month');
    const after = rotated.seal('new');
    expect(() => createSealer(older).open(after)).toThrowError(UnsealableError);
    expect(createSealer(newer).open(after)).toBe('new');
  });

  it('a changed value, a value sealed with a key not configured, or plain text does not open', () => {
    const sealer = createSealer(newDataKey());
    const sealed = sealer.seal('text');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => sealer.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`)).toThrowError(
      UnsealableError,
    );
    expect(() => sealer.open(createSealer(newDataKey()).seal('text'))).toThrowError(
      /not configured/,
    );
    expect(() => sealer.open('{"plain":"json"}')).toThrowError(/not sealed/);
  });

  it('a data key must be 32 bytes in base64, one or two of them', () => {
    expect(dataKeyProblem(newDataKey())).toBeUndefined();
    expect(dataKeyProblem(`${newDataKey()},${newDataKey()}`)).toBeUndefined();
    expect(dataKeyProblem('c2hvcnQ=')).toMatch(/32 bytes/);
    expect(dataKeyProblem([newDataKey(), newDataKey(), newDataKey()].join(','))).toMatch(/two/);
    expect(() => createSealer('c2hvcnQ=')).toThrowError(/CLUB_DATA_KEY/);
  });
});
