import { afterAll, describe, expect, it } from 'vitest';
import { BudgetDeniedError } from '../../src/budget/daily-budget.js';
import type { TrialRequest } from '../../src/club/domain.js';
import type { ClubData } from '../../src/core/club-data.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { runDigest } from '../../src/digests/run-digest.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { connectTestRedis } from '../support/redis.js';
import { digestFixture, user } from './digest-fixture.js';

const redis = connectTestRedis();
afterAll(() => redis.quit());

const club = memoryClubData({ today: '2026-03-10' });
/** Tuesday 10 March 2026, 16:00 in London (GMT). */
const tuesday4pm = Date.parse('2026-03-10T16:00:00Z');
const minute = 60_000;

describe('a digest occurrence', () => {
  it('when tonight runs, then one post goes to its channel with times, coaches and counts, and no swimmer names', async () => {
    const f = digestFixture(redis, club.data, tuesday4pm + 5_000);
    const sub = await f.add({ kind: 'tonight' });
    expect(await runDigest(sub.id, tuesday4pm, f.deps)).toEqual({
      kind: 'tonight',
      outcome: 'posted',
    });
    const [entry, ...more] = await f.outbox();
    expect(more).toEqual([]);
    expect(entry?.replyTo).toEqual({
      platform: 'post',
      on: 'slack',
      post: 'channel',
      to: 'C-POOL',
      subscriptionId: sub.id,
    });
    expect(entry?.reply.personalData).toBe(false);
    const text = replyToPlainText(entry!.reply);
    const tonight = club.sessions.filter((s) => s.weekday === 'Tuesday' && !s.archived);
    expect(tonight.length).toBeGreaterThan(0);
    for (const session of tonight) expect(text).toContain(session.name);
    const coaches = new Set(tonight.flatMap((s) => s.coaches.map((c) => c.guid)));
    const swimmers = club.members.filter(
      (m) => !coaches.has(m.guid) && tonight.some((s) => s.members.some((x) => x.guid === m.guid)),
    );
    expect(swimmers.length).toBeGreaterThan(0);
    for (const swimmer of swimmers)
      expect(text).not.toContain(`${swimmer.firstName} ${swimmer.lastName}`);
  });

  it('when two workers run the same occurrence, and a retry runs it again, then it is posted once', async () => {
    const f = digestFixture(redis, club.data, tuesday4pm + 5_000);
    const sub = await f.add({ kind: 'tonight' });
    await Promise.all([
      runDigest(sub.id, tuesday4pm, f.deps),
      runDigest(sub.id, tuesday4pm, f.deps),
    ]);
    expect((await runDigest(sub.id, tuesday4pm, f.deps)).outcome).toBe('already-run');
    expect(await f.outbox()).toHaveLength(1);
  });

  it('when a worker dies after leaving its post and before recording the run, then the re-run posts nothing twice', async () => {
    const f = digestFixture(redis, club.data, tuesday4pm + 5_000);
    const sub = await f.add({ kind: 'tonight' });
    const dying = {
      ...f.deps,
      outbox: {
        put: async (...args: Parameters<typeof f.deps.outbox.put>) => {
          await f.deps.outbox.put(...args);
          throw new Error('killed');
        },
      },
    };
    await expect(runDigest(sub.id, tuesday4pm, dying)).rejects.toThrow('killed');
    expect((await runDigest(sub.id, tuesday4pm, f.deps)).outcome).toBe('posted');
    expect(await f.outbox()).toHaveLength(1);
  });

  it('when the bot was down and the occurrence is under 2 hours late, then it is posted late, once, saying so', async () => {
    const f = digestFixture(redis, club.data, tuesday4pm + 90 * minute);
    const sub = await f.add({ kind: 'tonight' });
    expect((await runDigest(sub.id, tuesday4pm, f.deps)).outcome).toBe('posted-late');
    const [entry] = await f.outbox();
    expect(replyToPlainText(entry!.reply)).toContain(
      'Posted late: this was due at 16:00 on Tue, when the bot was not running.',
    );
  });

  it('when the occurrence is more than 2 hours late, then it is skipped with a log line', async () => {
    const f = digestFixture(redis, club.data, tuesday4pm + 2 * 60 * minute + minute);
    const sub = await f.add({ kind: 'tonight' });
    expect((await runDigest(sub.id, tuesday4pm, f.deps)).outcome).toBe('missed');
    expect(await f.outbox()).toEqual([]);
    expect(f.logs.some((line) => line.includes('digest missed by over 2 hours'))).toBe(true);
  });

  it('when a first run has nothing to say, then it says "nothing due"; later runs with nothing post nothing', async () => {
    const quiet: ClubData = {
      ...club.data,
      meets: async () => ({ value: [], fetchedAt: tuesday4pm, stale: false }),
      events: async () => ({ value: [], fetchedAt: tuesday4pm, stale: false }),
    };
    const f = digestFixture(redis, quiet, tuesday4pm);
    const sub = await f.add({ kind: 'deadlines', schedule: { at: '16:00', on: 'Tuesday' } });
    expect((await runDigest(sub.id, tuesday4pm, f.deps)).outcome).toBe('posted');
    const week = 7 * 24 * 60 * minute;
    f.clock.now += week;
    expect((await runDigest(sub.id, tuesday4pm + week, f.deps)).outcome).toBe('nothing-due');
    const entries = await f.outbox();
    expect(entries).toHaveLength(1);
    expect(replyToPlainText(entries[0]!.reply)).toContain('Nothing due.');
  });

  it('when a welfare digest is sent, then each welfare officer entitled now gets it by DM, and one who lost the role gets nothing', async () => {
    const f = digestFixture(redis, club.data, tuesday4pm);
    f.roles.set('U-ADDER', ['welfare']);
    f.roles.set('U-DEPUTY', ['welfare']);
    f.roles.set('U-COACH', ['coach']);
    await f.store.remember(user('U-DEPUTY'));
    await f.store.remember(user('U-COACH'));
    const sub = await f.add({ kind: 'renewals', channelId: undefined });
    expect((await runDigest(sub.id, tuesday4pm, f.deps)).outcome).toBe('posted');
    const first = await f.outbox();
    expect(
      first
        .map((e) => e.replyTo)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      {
        platform: 'post',
        on: 'slack',
        post: 'dm',
        to: 'U-ADDER',
        teamId: 'T1',
        subscriptionId: sub.id,
      },
      {
        platform: 'post',
        on: 'slack',
        post: 'dm',
        to: 'U-DEPUTY',
        teamId: 'T1',
        subscriptionId: sub.id,
      },
    ]);
    expect(first.every((e) => e.reply.personalData)).toBe(true);
    expect(replyToPlainText(first[0]!.reply)).toMatch(/overdue by \d+ days/);
    const audit = await redis.xrange(`${f.prefix}:audit`, '-', '+');
    expect(audit.map(([, fields]) => JSON.parse(fields[1]!).command)).toEqual([
      'digest renewals',
      'digest renewals',
    ]);

    f.roles.set('U-ADDER', []);
    const nextWeek = tuesday4pm + 7 * 24 * 60 * minute;
    f.clock.now = nextWeek;
    await runDigest(sub.id, nextWeek, f.deps);
    const second = (await f.outbox()).slice(2);
    expect(second.map((e) => e.replyTo)).toMatchObject([{ to: 'U-DEPUTY' }]);

    f.roles.set('U-DEPUTY', ['coach']);
    const week3 = nextWeek + 7 * 24 * 60 * minute;
    f.clock.now = week3;
    expect((await runDigest(sub.id, week3, f.deps)).outcome).toBe('no-recipients');
    expect(await f.outbox()).toHaveLength(3);
  });

  it('when newcomers run again, then only trial requests and waiting-list entries new since the last run are shown', async () => {
    const trials: TrialRequest[] = [
      { guid: 'T-OLD', firstName: 'Olive', lastName: 'Older', dateAdded: '2026-02-01' },
      { guid: 'T-NEW', firstName: 'Nina', lastName: 'Newer', dateAdded: '2026-03-10' },
    ];
    const data: ClubData = {
      ...club.data,
      trialRequests: async () => ({ value: [...trials], fetchedAt: tuesday4pm, stale: false }),
      waitingList: async () => ({ value: [], fetchedAt: tuesday4pm, stale: false }),
    };
    const f = digestFixture(redis, data, tuesday4pm);
    f.roles.set('U-ADDER', ['membership']);
    const sub = await f.add({ kind: 'newcomers', channelId: undefined });
    await runDigest(sub.id, tuesday4pm, f.deps);
    const [first] = await f.outbox();
    expect(replyToPlainText(first!.reply)).toContain('Nina Newer');
    expect(replyToPlainText(first!.reply)).not.toContain('Olive Older');
    expect(first!.replyTo).toMatchObject({ post: 'dm', to: 'U-ADDER' });

    trials.push({
      guid: 'T-LATEST',
      firstName: 'Lara',
      lastName: 'Latest',
      dateAdded: '2026-03-10',
    });
    const next = tuesday4pm + 24 * 60 * minute;
    f.clock.now = next;
    await runDigest(sub.id, next, f.deps);
    const second = (await f.outbox())[1];
    expect(replyToPlainText(second!.reply)).toContain('Lara Latest');
    expect(replyToPlainText(second!.reply)).not.toContain('Nina Newer');
  });

  it('when the budget has no call left and nothing is cached, then the digest is skipped with a note', async () => {
    const data: ClubData = {
      ...club.data,
      incidents: () => Promise.reject(new BudgetDeniedError('background', tuesday4pm + 3_600_000)),
    };
    const f = digestFixture(redis, data, tuesday4pm);
    f.roles.set('U-ADDER', ['welfare']);
    const sub = await f.add({ kind: 'incidents', channelId: undefined });
    expect((await runDigest(sub.id, tuesday4pm, f.deps)).outcome).toBe('skipped');
    const [note] = await f.outbox();
    expect(note?.reply.personalData).toBe(false);
    expect(replyToPlainText(note!.reply)).toContain('was skipped');
  });

  it('when its subscription is gone, then the run drops the job scheduler and posts nothing', async () => {
    const f = digestFixture(redis, club.data, tuesday4pm);
    const dropped: string[] = [];
    const outcome = await runDigest('gone1', tuesday4pm, {
      ...f.deps,
      dropSchedule: async (id) => void dropped.push(id),
    });
    expect(outcome).toEqual({ outcome: 'gone' });
    expect(dropped).toEqual(['gone1']);
  });
});
