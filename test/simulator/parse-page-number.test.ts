import { describe, expect, it } from 'vitest';
import { parsePageNumber } from '../../src/simulator/parse-page-number.js';

describe('parsePageNumber', () => {
  it('is page 1 when neither the header nor the query says', () => {
    expect(parsePageNumber(undefined, null)).toEqual({ page: 1 });
  });

  it('takes the header over the query', () => {
    expect(parsePageNumber('3', '7')).toEqual({ page: 3 });
    expect(parsePageNumber(undefined, '7')).toEqual({ page: 7 });
  });

  it.each(['0', '-1', 'abc', '1.5', '', ' ', '1e3', '9999999999'])('refuses "%s"', (value) => {
    expect(parsePageNumber(value, null)).toEqual({
      error: expect.stringContaining('Page: must be a whole number from 1'),
    });
  });
});
