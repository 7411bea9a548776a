import { Queue } from 'bullmq';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { clubClock } from '../../src/club/time/club-time.js';
import { createDigestScheduler } from '../../src/digests/digest-scheduler.js';
import {
  cronPatternOf,
  describeSchedule,
  nextRunAfter,
  parseSchedule,
  type DigestSchedule,
} from '../../src/digests/digest-schedule.js';
import type { Subscription } from '../../src/digests/subscription-store.js';
import type { JobName, SealedJobData } from '../../src/jobs/club-queue.js';
import { testSealer } from '../support/data-key.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';

const london = 'Europe/London';
const daily4pm: DigestSchedule = { at: '16:00' };

/** The next `count` runs after `from`, as BullMQ's scheduler works them out. */
function runs(schedule: DigestSchedule, from: string, count: number): string[] {
  const out: string[] = [];
  let at = Date.parse(from);
  for (let i = 0; i < count; i += 1) {
    at = nextRunAfter(schedule, london, at);
    out.push(new Date(at).toISOString());
  }
  return out;
}

describe('when a digest runs', () => {
  it('when the schedule is read, then "at" and "on" change the defaults and mistakes are named', () => {
    const defaults = { at: '08:00', on: 'Monday' as const };
    expect(parseSchedule('', defaults)).toEqual({ ok: true, schedule: defaults });
    expect(parseSchedule('at 7:30 on fri', defaults)).toEqual({
      ok: true,
      schedule: { at: '07:30', on: 'Friday' },
    });
    expect(parseSchedule('on Tuesday at 19:05', daily4pm)).toEqual({
      ok: true,
      schedule: { at: '19:05', on: 'Tuesday' },
    });
    expect(parseSchedule('daily', defaults)).toEqual({ ok: true, schedule: { at: '08:00' } });
    expect(parseSchedule('at 25:00', defaults)).toMatchObject({ ok: false });
    expect(parseSchedule('on Funday', defaults)).toMatchObject({ ok: false });
    expect(parseSchedule('soon', defaults)).toMatchObject({ ok: false });
    expect(cronPatternOf({ at: '07:30', on: 'Sunday' })).toBe('30 7 * * 0');
    expect(cronPatternOf({ at: '16:00', on: 'Monday' })).toBe('0 16 * * 1');
    expect(describeSchedule({ at: '08:00', on: 'Monday' })).toBe('08:00 on Mondays');
  });

  it('when the time is said as people say it, or the days as "weekdays", then the schedule reads it', () => {
    const defaults = { at: '16:00' };
    for (const [typed, at] of [
      ['at 6pm', '18:00'],
      ['at 6 pm', '18:00'],
      ['at 6.30pm', '18:30'],
      ['at 18:30', '18:30'],
    ] as const)
      expect(parseSchedule(typed, defaults), typed).toEqual({ ok: true, schedule: { at } });
    expect(parseSchedule('at 6pm on weekdays', defaults)).toEqual({
      ok: true,
      schedule: { at: '18:00', on: 'weekdays' },
    });
    expect(parseSchedule('weekends', defaults)).toEqual({
      ok: true,
      schedule: { at: '16:00', on: 'weekends' },
    });
    expect(cronPatternOf({ at: '18:00', on: 'weekdays' })).toBe('0 18 * * 1-5');
    expect(cronPatternOf({ at: '09:00', on: 'weekends' })).toBe('0 9 * * 0,6');
    expect(describeSchedule({ at: '18:00', on: 'weekdays' })).toBe('18:00 on weekdays');
    expect(runs({ at: '18:00', on: 'weekdays' }, '2026-11-27T12:00:00Z', 2)).toEqual([
      '2026-11-27T18:00:00.000Z',
      '2026-11-30T18:00:00.000Z',
    ]);
  });

  it('when the clocks go forward in March, then 16:00 stays 16:00 London time (15:00 UTC after)', () => {
    expect(runs(daily4pm, '2026-03-27T12:00:00Z', 4)).toEqual([
      '2026-03-27T16:00:00.000Z',
      '2026-03-28T16:00:00.000Z',
      '2026-03-29T15:00:00.000Z',
      '2026-03-30T15:00:00.000Z',
    ]);
  });

  it('when the clocks go back in October, then 16:00 stays 16:00 London time (16:00 UTC after)', () => {
    expect(runs(daily4pm, '2026-10-23T12:00:00Z', 4)).toEqual([
      '2026-10-23T15:00:00.000Z',
      '2026-10-24T15:00:00.000Z',
      '2026-10-25T16:00:00.000Z',
      '2026-10-26T16:00:00.000Z',
    ]);
    for (const run of runs(daily4pm, '2026-10-20T12:00:00Z', 10)) {
      expect(clubClock(Date.parse(run), london).time).toBe('16:00');
    }
  });

  it('when a time falls in the hour the clocks skip or repeat, then it still runs once that day', () => {
    const early = { at: '01:30' };
    const march = runs(early, '2026-03-28T12:00:00Z', 2).map((run) => run.slice(0, 10));
    expect(march).toEqual(['2026-03-29', '2026-03-30']);
    const october = runs(early, '2026-10-24T12:00:00Z', 2).map((run) => run.slice(0, 10));
    expect(october).toEqual(['2026-10-25', '2026-10-26']);
  });

  it('when a weekly digest is scheduled, then it runs on its weekday only', () => {
    const mondays = runs({ at: '08:00', on: 'Monday' }, '2026-03-25T12:00:00Z', 3);
    expect(mondays.map((run) => clubClock(Date.parse(run), london).weekday)).toEqual([
      'Monday',
      'Monday',
      'Monday',
    ]);
    expect(mondays[1]).toBe('2026-04-06T07:00:00.000Z');
  });
});

describe("the digests' job schedulers in Redis", () => {
  const redis = connectTestRedis();
  const prefix = uniquePrefix('schedule');
  const queue = new Queue<SealedJobData, unknown, JobName>('digest-schedule-test', {
    connection: redis,
    prefix,
  });
  const scheduler = createDigestScheduler(queue, testSealer, london);
  const subscription = (id: string, schedule: DigestSchedule): Subscription => ({
    id,
    kind: 'tonight',
    schedule,
    platform: 'console',
    channelId: 'c',
    addedBy: { platform: 'console', userId: 'coach' },
    addedAt: 0,
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await redis.quit();
  });

  it('when a digest is added on the eve of each clock change, then its next job is at 16:00 London time', async () => {
    for (const [now, expected] of [
      ['2026-03-28T17:00:00Z', '2026-03-29T15:00:00.000Z'],
      ['2026-10-24T17:00:00Z', '2026-10-25T16:00:00.000Z'],
    ] as const) {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(now) });
      const id = `dst${now.slice(5, 7)}`;
      await scheduler.upsert(subscription(id, daily4pm));
      expect(new Date((await scheduler.next(id)) ?? 0).toISOString()).toBe(expected);
      const [job] = await queue.getDelayed();
      expect(job?.opts.prevMillis).toBeDefined();
      await scheduler.drop(id);
    }
  });

  it('when the same digest is scheduled by several processes, then there is one scheduler and one next job', async () => {
    const sub = subscription('same1', { at: '09:00' });
    await Promise.all([scheduler.upsert(sub), scheduler.upsert(sub), scheduler.upsert(sub)]);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.filter((s) => s.key === 'digest-same1')).toHaveLength(1);
    const delayed = await queue.getDelayed();
    expect(delayed.filter((job) => job.repeatJobKey === 'digest-same1')).toHaveLength(1);
    await scheduler.drop('same1');
    expect(await scheduler.next('same1')).toBeUndefined();
  });
});
