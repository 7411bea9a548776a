import { describe, expect, it } from 'vitest';
import { ClubServiceFaultError, errorForStatus } from '../../src/club/club-errors.js';
import { TimeoutError } from '../../src/errors.js';
import { failedReason, JobAttemptError } from '../../src/jobs/job-attempt-error.js';

describe('the reason a failed job records', () => {
  it('when the club service refused with its own words, it names the error and status, not the words', () => {
    const refused = errorForStatus(400, '/api/IncidentBook', 'Title for Amy Pond is too long');
    expect(failedReason(refused)).toBe(
      "ClubValidationError: the club service answered 400 (its words are in its own logs, found by this job's time)",
    );
  });

  it('when the error is one of the bot’s own, its message is kept, since it holds no personal data', () => {
    const unreachable = new ClubServiceFaultError(
      'The club service could not be reached: connect ECONNREFUSED 127.0.0.1:8080',
      undefined,
    );
    expect(failedReason(unreachable)).toBe(
      'ClubServiceFaultError: The club service could not be reached: connect ECONNREFUSED 127.0.0.1:8080',
    );
    expect(failedReason(new TimeoutError(30_000))).toBe(
      'TimeoutError: The work did not finish within 30000 ms.',
    );
  });

  it('when the error is unknown, only its name is kept, since its message may quote a record', () => {
    const parse = new SyntaxError(
      'Unexpected token \'A\', "Amy Pond, 07700 900123" is not valid JSON',
    );
    expect(failedReason(parse)).toBe(
      "SyntaxError (its message is in the log line with this job's id)",
    );
    expect(failedReason('a string')).toBe('a failure that is not an Error');
    // Node's and the SDKs' errors carry codes too, but their messages may quote what they were given.
    const foreign = Object.assign(
      new TypeError('The "name" argument must be a string. Received "Amy Pond"'),
      {
        code: 'ERR_INVALID_ARG_TYPE',
      },
    );
    expect(failedReason(foreign)).toBe(
      "TypeError (its message is in the log line with this job's id)",
    );
  });

  it('a job attempt error carries the reason as its message and the error as its cause', () => {
    const refused = errorForStatus(500, '/api/Members', 'Amy Pond broke it');
    const attempt = new JobAttemptError(refused);
    expect(attempt.message).toBe(failedReason(refused));
    expect(attempt.message).not.toContain('Amy');
    expect(attempt.cause).toBe(refused);
  });
});
