/** An attempt ran past its deadline: something it waited on never answered. Retried. */
export class AttemptTimeoutError extends Error {
  readonly code = 'attempt-timeout';
  constructor(readonly deadlineMs: number) {
    super(`The attempt did not finish within ${deadlineMs / 1000} s.`);
    this.name = 'AttemptTimeoutError';
  }
}
