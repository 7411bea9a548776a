import type { Job } from 'bullmq';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../src/club/club-errors.js';
import { JobAttemptError } from '../../src/jobs/job-attempt-error.js';
import {
  type JobName,
  type JobResult,
  type SealedJobData,
  jobDataAt,
} from '../../src/jobs/club-queue.js';
import { processDigestJob } from '../../src/jobs/process-digest.js';
import { createLogger } from '../../src/log.js';
import { testSealer } from '../support/data-key.js';

describe('a digest job whose run fails', () => {
  it('ends with only the kind of failure for BullMQ to keep, and the log names the service’s answer by length and hash, not its words', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      {},
      new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }),
    );
    const job = {
      id: 'digest-1',
      queueQualifiedName: 'club-bot:club-bot',
      data: {
        sealed: testSealer.sealJson(
          { subscriptionId: 'sub-1' },
          jobDataAt('club-bot:club-bot', 'digest'),
        ),
      },
      opts: { prevMillis: Date.UTC(2026, 10, 26, 7) },
      timestamp: Date.UTC(2026, 10, 26, 7),
    } as unknown as Job<SealedJobData, JobResult, JobName>;
    const refused = errorForStatus(400, '/api/Sessions', 'That session is closed');
    const digests = { run: () => Promise.reject(refused) };

    const ended = processDigestJob(job, { digests, sealer: testSealer, logger });

    await expect(ended).rejects.toBeInstanceOf(JobAttemptError);
    await expect(ended).rejects.toThrow(/^ClubValidationError: the club service answered 400 \(/);
    await expect(ended).rejects.not.toThrow(/closed/);
    expect(lines.join('')).toMatch(/"digest did not finish"/);
    expect(lines.join('')).not.toContain('That session is closed');
    expect(lines.join('')).toMatch(/body 22 characters, sha256 [0-9a-f]{12}/);
  });
});
