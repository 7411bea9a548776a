import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetDeniedError } from '../../src/budget/daily-budget.js';
import { ClubServiceFaultError, ClubValidationError } from '../../src/club/club-errors.js';
import { createFiler, FilingInProgressError } from '../../src/jobs/file-once.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';

let redis: Redis;
beforeAll(() => {
  redis = connectTestRedis();
});
afterAll(async () => {
  await redis.quit();
});

/** Steps that count their calls: filing answers `reference`; looking finds `found`, if given. */
function counting(reference = 'ref-1', found?: string) {
  const calls = { file: 0, find: 0 };
  return {
    calls,
    steps: {
      file: async () => {
        calls.file += 1;
        return reference;
      },
      find: async () => {
        calls.find += 1;
        return found;
      },
    },
  };
}

describe('filing exactly once', () => {
  it('when the same key is filed twice, the second time reuses the first reference', async () => {
    const filer = createFiler({ redis, prefix: uniquePrefix('filer') });
    const { calls, steps } = counting();
    expect(await filer.fileOnce('k1', steps)).toEqual({ reference: 'ref-1', filedNow: true });
    expect(await filer.fileOnce('k1', steps)).toEqual({ reference: 'ref-1', filedNow: false });
    expect(calls).toEqual({ file: 1, find: 1 });
  });

  it('when an attempt ends ambiguously (a fault after sending), the next looks for the record before filing', async () => {
    const filer = createFiler({ redis, prefix: uniquePrefix('filer') });
    await expect(
      filer.fileOnce('k2', {
        file: () => Promise.reject(new ClubServiceFaultError('timed out', undefined)),
        find: async () => undefined,
      }),
    ).rejects.toBeInstanceOf(ClubServiceFaultError);
    const { calls, steps } = counting('never', 'inc-filed-before');
    const found = await filer.fileOnce('k2', steps);
    expect(found).toEqual({ reference: 'inc-filed-before', filedNow: false });
    expect(calls.file).toBe(0);
  });

  it('when Redis holds no trace of a filing (restored from an older backup), the first attempt finds the record and posts nothing', async () => {
    const filer = createFiler({ redis, prefix: uniquePrefix('filer') });
    const { calls, steps } = counting('never', 'inc-filed-before-the-restore');
    const found = await filer.fileOnce('k5', steps);
    // Found before any attempt of this key: the answer must not claim a filing, now or on a retry.
    const again = { reference: 'inc-filed-before-the-restore', filedNow: false, foundFirst: true };
    expect(found).toEqual(again);
    expect(calls.file).toBe(0);
    expect(
      await filer.fileOnce('k5', { file: async () => 'never', find: async () => 'x' }),
    ).toEqual(again);
  });

  it('when the person confirmed a duplicate, the first attempt does not look, so the record they were shown is not taken for theirs', async () => {
    const filer = createFiler({ redis, prefix: uniquePrefix('filer') });
    const { calls, steps } = counting('ref-6');
    expect(await filer.fileOnce('k6', { ...steps, lookFirst: false })).toEqual({
      reference: 'ref-6',
      filedNow: true,
    });
    expect(calls).toEqual({ file: 1, find: 0 });
  });

  it('when the service refused (400) or the budget had no unit, nothing was filed and the next attempt files', async () => {
    const filer = createFiler({ redis, prefix: uniquePrefix('filer') });
    for (const refusal of [
      new ClubValidationError(400, 'bad date'),
      new BudgetDeniedError('write', 1),
    ]) {
      await expect(
        filer.fileOnce('k3', { file: () => Promise.reject(refusal), find: async () => undefined }),
      ).rejects.toBe(refusal);
    }
    const { calls, steps } = counting('ref-3');
    expect(await filer.fileOnce('k3', steps)).toEqual({ reference: 'ref-3', filedNow: true });
    expect(calls).toEqual({ file: 1, find: 1 });
  });

  it('when two attempts overlap, the second is told to wait rather than file again', async () => {
    const filer = createFiler({ redis, prefix: uniquePrefix('filer') });
    let release: (() => void) | undefined;
    const first = filer.fileOnce('k4', {
      file: () => new Promise((resolve) => (release = () => resolve('ref-4'))),
      find: async () => undefined,
    });
    // The first attempt holds the claim once it is filing.
    const filing = await waitFor(() => release, 'the first attempt to be filing');
    await expect(filer.fileOnce('k4', counting().steps)).rejects.toBeInstanceOf(
      FilingInProgressError,
    );
    filing();
    expect(await first).toEqual({ reference: 'ref-4', filedNow: true });
  });
});
