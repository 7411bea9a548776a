import { randomUUID } from 'node:crypto';
import { createClubServices } from '../../src/app/club-services.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { outboxKeys } from '../../src/delivery/reply-outbox.js';
import { createDigests } from '../../src/digests/create-digests.js';
import type { DigestKind } from '../../src/digests/digest-kinds.js';
import { nextRunAfter, type DigestSchedule } from '../../src/digests/digest-schedule.js';
import { createSubscriptionStore } from '../../src/digests/subscription-store.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import type { BenchOptions } from './bench-options.js';
import { benchConfig, benchLogger, benchPolicy, benchTimezone, benchToken } from './bench-setup.js';
import { atMost, exactly, figure, type Figure } from './figure.js';

/** Monday 9 March 2026, 06:00 in London (GMT): weekly digests run too. */
const dayStart = Date.parse('2026-03-09T06:00:00Z');
const dayMs = 24 * 3_600_000;

const person = (userId: string): ChatUser => ({ platform: 'console', userId });
/** The club's full set: every kind, tonight in two squads' channels, welfare digests to two officers. */
const subscriptions: {
  kind: DigestKind;
  schedule: DigestSchedule;
  by: string;
  channel?: string;
}[] = [
  { kind: 'tonight', schedule: { at: '16:00' }, by: 'coach-1', channel: 'juniors' },
  { kind: 'tonight', schedule: { at: '16:00' }, by: 'coach-2', channel: 'seniors' },
  { kind: 'deadlines', schedule: { at: '08:00', on: 'Monday' }, by: 'coach-1', channel: 'club' },
  { kind: 'newcomers', schedule: { at: '08:00' }, by: 'membership-1' },
  { kind: 'renewals', schedule: { at: '09:00', on: 'Monday' }, by: 'welfare-1' },
  { kind: 'incidents', schedule: { at: '09:00' }, by: 'welfare-1' },
  // #44: the weekly checks, each officer their own kind.
  { kind: 'checks', schedule: { at: '08:00', on: 'Monday' }, by: 'membership-1' },
  { kind: 'checks', schedule: { at: '08:00', on: 'Monday' }, by: 'welfare-1' },
];

/**
 * B7: a 5,000-member club's full set of digests for one day. The cache is warmed at 06:00 (the
 * normal refreshes any day starts with), then each digest runs at its time on one fake clock, as
 * its job would; the club calls during the runs are the digests' own cost. A second day starts
 * with the budget past the background ceiling: digests then post what the cache holds, calling
 * nothing.
 */
export async function digestDay(options: BenchOptions): Promise<Figure[]> {
  let clock = dayStart;
  const now = () => clock;
  const simulator = await startSimulator({ token: benchToken, members: 5_000, seed: 1, now });
  const logger = benchLogger('digests');
  const policy = benchPolicy([
    { platform: 'console', user: 'coach-1', roles: ['coach'] },
    { platform: 'console', user: 'coach-2', roles: ['coach'] },
    { platform: 'console', user: 'membership-1', roles: ['membership'] },
    { platform: 'console', user: 'welfare-1', roles: ['welfare'] },
    { platform: 'console', user: 'welfare-2', roles: ['welfare'] },
  ]);
  const prefix = `bench-digests-${randomUUID().slice(0, 8)}`;
  const services = createClubServices({
    config: benchConfig(simulator.url, options.redisUrl),
    logger,
    policy,
    prefix,
    now,
  });
  const digests = createDigests(services, { timezone: benchTimezone, logger, now });
  const store = createSubscriptionStore(services.redis, prefix, services.sealer);
  try {
    const added = await Promise.all(
      subscriptions.map((s) =>
        store.add({
          kind: s.kind,
          schedule: s.schedule,
          platform: 'console',
          ...(s.channel ? { channelId: s.channel } : {}),
          addedBy: person(s.by),
          addedAt: dayStart - dayMs,
        }),
      ),
    );
    await store.remember(person('welfare-2'));
    const runs = added
      .map((s) => ({
        id: s.id,
        kind: s.kind,
        at: nextRunAfter(s.schedule, benchTimezone, dayStart),
      }))
      .sort((a, b) => a.at - b.at);

    const warm = services.data;
    await Promise.all([warm.members(), warm.roles(), warm.sessions(), warm.meets(), warm.events()]);
    await Promise.all([warm.incidents(), warm.trialRequests(), warm.waitingList()]);
    const warmCalls = simulator.admin.calls().total;
    simulator.admin.reset();

    const outcomes: string[] = [];
    let checksCalls = 0;
    for (const run of runs) {
      clock = run.at + 5_000;
      const before = simulator.admin.calls().total;
      outcomes.push((await digests.run(run.id, run.at)).outcome);
      await services.cache.settle();
      if (run.kind === 'checks') checksCalls += simulator.admin.calls().total - before;
    }
    const dayCalls = simulator.admin.calls().total;
    const posts = await services.redis.xlen(outboxKeys(prefix).stream);
    options.log(
      `B7 day: ${dayCalls} calls (checks ${checksCalls}, warm-up ${warmCalls}); outcomes ${outcomes.join(', ')}`,
    );

    // The next day, each digest run again 24 h on, with the budget past the background ceiling
    // from the start of the day.
    simulator.admin.reset();
    clock = dayStart + dayMs;
    await services.budget.reconcile(500);
    const lowOutcomes: string[] = [];
    for (const run of runs) {
      clock = run.at + dayMs + 5_000;
      lowOutcomes.push((await digests.run(run.id, run.at + dayMs)).outcome);
      await services.cache.settle();
    }
    const lowCalls = simulator.admin.calls().total;
    options.log(`B7 low budget: ${lowCalls} calls; outcomes ${lowOutcomes.join(', ')}`);
    return [
      figure(
        'B7.calls',
        "B7 club calls of a 5,000-member club's digests for a day, beyond the morning's refreshes",
        dayCalls,
        'calls',
        atMost(20),
      ),
      figure(
        'B7.checks.calls',
        "B7 club calls of the two checks digests (welfare, membership), beyond the morning's refreshes",
        checksCalls,
        'calls',
        atMost(10),
      ),
      figure(
        'B7.warm',
        'B7 the morning refresh of every collection read (not counted)',
        warmCalls,
        'calls',
      ),
      figure('B7.runs', 'B7 digest runs in the day', runs.length, 'runs'),
      figure('B7.posts', 'B7 posts left for delivery (channels and DMs)', posts, 'posts'),
      figure(
        'B7.low-budget.calls',
        'B7 club calls the next day with the budget past the background ceiling',
        lowCalls,
        'calls',
        exactly(0),
      ),
      figure(
        'B7.low-budget.skipped',
        'B7 digests skipped the next day for want of budget (stale data is posted instead)',
        lowOutcomes.filter((outcome) => outcome === 'skipped').length,
        'runs',
        exactly(0),
      ),
    ];
  } finally {
    await services.close();
    await simulator.stop();
  }
}

/** How B7 is measured, for the report. */
export const digestDayMethod =
  "5,000 members; the full set of digests (tonight in two channels, deadlines, newcomers, renewals to two welfare officers, incidents, the weekly checks of the membership secretary and a welfare officer) on a Monday, each run at its time on one fake clock as its job would, after the morning's read of every collection (not counted); club calls counted by the simulator during the runs. Then each digest again 24 h later, the budget past the background ceiling since that morning: calls and skips.";
