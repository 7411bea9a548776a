import { describe, expect, it } from 'vitest';
import { ClubServiceFaultError } from '../../src/club/club-errors.js';
import { WaitingOnAnotherProcessError } from '../../src/errors.js';
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

  it('when another process is still loading what the job needs, it is retried with backoff, as a club 500 is', () => {
    const waiting = dispositionOf(new WaitingOnAnotherProcessError('roles'), 0);
    expect(waiting).toEqual({ kind: 'retry' });
    expect(waiting).toEqual(dispositionOf(new ClubServiceFaultError('fault', 500), 0));
  });

  it('when the error is of no known kind, it gives up (and tells the person)', () => {
    expect(dispositionOf(new Error('odd'), 0)).toEqual({ kind: 'give-up' });
  });
});
