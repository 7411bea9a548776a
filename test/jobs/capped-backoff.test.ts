import { describe, expect, it } from 'vitest';
import { cappedBackoff, jobOptions, maxBackoffMs } from '../../src/jobs/club-queue.js';

describe('the retry backoff', () => {
  it('doubles from 1 s, taking off up to half at random', () => {
    expect([1, 2, 3, 4].map((attempt) => cappedBackoff(attempt, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(cappedBackoff(3, () => 1)).toBe(2_000);
  });

  it('never waits more than 30 s, so work resumes soon after an outage ends', () => {
    expect(cappedBackoff(6, () => 0)).toBe(maxBackoffMs);
    expect(cappedBackoff(15, () => 0)).toBe(maxBackoffMs);
  });

  it('gives a submission several minutes of waits before it fails', () => {
    const attempts = jobOptions.form.attempts ?? 1;
    let shortest = 0;
    for (let made = 1; made < attempts; made += 1) shortest += cappedBackoff(made, () => 1);
    expect(shortest).toBeGreaterThan(2.5 * 60_000);
  });
});
