import { describe, expect, it } from 'vitest';
import { remainingFromHeaders } from '../../src/club/remaining-from-headers.js';

describe('reading X-Ratelimit-Remaining', () => {
  it('when the header holds a count, it is read whatever its case and surrounding spaces', () => {
    expect(remainingFromHeaders(new Headers({ 'X-Ratelimit-Remaining': '4321' }))).toBe(4321);
    expect(remainingFromHeaders(new Headers({ 'x-ratelimit-remaining': ' 0 ' }))).toBe(0);
    expect(remainingFromHeaders(new Headers({ 'X-RATELIMIT-REMAINING': '\t17' }))).toBe(17);
  });

  it.each([['-1'], ['12.5'], ['abc'], [''], ['1e3'], ['5, 4'], ['99999999999999999999']])(
    'when the header is %j, it is ignored',
    (value) => {
      expect(remainingFromHeaders(new Headers({ 'X-Ratelimit-Remaining': value }))).toBeUndefined();
    },
  );

  it('when the header is missing, it is ignored', () => {
    expect(remainingFromHeaders(new Headers())).toBeUndefined();
  });
});
