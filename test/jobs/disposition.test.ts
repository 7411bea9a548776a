import { describe, expect, it } from 'vitest';
import { dispositionOf } from '../../src/jobs/disposition.js';
import { FilingInProgressError } from '../../src/jobs/file-once.js';

describe('what the worker does with a failed attempt', () => {
  it('when another attempt holds the filing claim, it waits five seconds', () => {
    expect(dispositionOf(new FilingInProgressError('k'), 1_000)).toEqual({
      kind: 'wait',
      until: 6_000,
      reason: 'filing-in-progress',
    });
  });

  it('when the error is of no known kind, it gives up (and tells the person)', () => {
    expect(dispositionOf(new Error('odd'), 0)).toEqual({ kind: 'give-up' });
  });
});
