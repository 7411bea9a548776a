import { describe, expect, it } from 'vitest';
import { AttemptTimeoutError } from '../../src/jobs/attempt-timeout-error.js';
import { dispositionOf } from '../../src/jobs/disposition.js';
import { FilingInProgressError } from '../../src/jobs/file-once.js';

describe('what the worker does with a failed attempt', () => {
  it('when an attempt ran past its deadline, it is retried', () => {
    expect(dispositionOf(new AttemptTimeoutError(60_000), 0)).toEqual({ kind: 'retry' });
  });

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
