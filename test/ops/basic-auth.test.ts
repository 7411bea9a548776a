import { describe, expect, it } from 'vitest';
import { basicAuthMatches } from '../../src/ops/basic-auth.js';

const header = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('basicAuthMatches', () => {
  it('when the header carries the user and password, it matches', () => {
    expect(basicAuthMatches(header('ops:p4ss:with colon'), 'ops', 'p4ss:with colon')).toBe(true);
  });

  it('when the header is missing, malformed, another scheme or a wrong pair, it does not', () => {
    for (const given of [
      undefined,
      '',
      'Basic',
      'Basic !!!',
      `Bearer ${Buffer.from('ops:secret').toString('base64')}`,
      header('ops:secreT'),
      header('op:ssecret'),
      header('ops:'),
    ]) {
      expect(basicAuthMatches(given, 'ops', 'secret')).toBe(false);
    }
  });
});
