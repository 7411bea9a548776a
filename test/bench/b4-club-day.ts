import { randomUUID } from 'node:crypto';
import { startClubWork } from '../../src/hosting/start-club-work.js';
import { createClubApi, type ClubApi } from '../../src/club/club-api.js';
import { createClubClient } from '../../src/club/create-club-client.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { clubToday } from '../../src/club/time/club-time.js';
import type { Reply } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import type { CallCounts } from '../../src/simulator/create-call-log.js';
import type { BenchOptions } from './bench-options.js';
import { startBenchBot } from './bench-bot.js';
import { benchLogger, benchTimezone, benchToken } from './bench-setup.js';
import { clubDayShares, planCommands, type PlannedCommand } from './command-mix.js';
import { atLeast, atMost, exactly, figure, type Figure } from './figure.js';
import { seededRandom } from './stats.js';

const commandCount = 1_000;
const dayMs = 16 * 3_600_000;
/** 06:00 in London (GMT in March): the club's day runs to 22:00. */
const dayStart = Date.parse('2026-03-10T06:00:00Z');

/**
 * B4: a club day. 400 members; 1,000 commands in issue 9's mix from 40 entitled people, spread
 * evenly over 16 simulated hours, with one fake clock read by the simulator, the budget, the
 * cache, the dispatcher and the worker (advanced between commands). The day starts with a cold
 * cache. Each command waits for its reply (and any background refresh) before the clock moves on.
 * The club calls are counted by the simulator, by method and path. The naive baseline makes, for
 * the same commands, the calls a bot without a cache would: every page of Users and the club
 * roles (to know who asks), then what the command shows.
 */
export async function clubDay(options: BenchOptions): Promise<Figure[]> {
  let clock = dayStart;
  const now = () => clock;
  const bot = await startBenchBot({ redisUrl: options.redisUrl, now, ratePerMinute: undefined });
  const waiting = new Map<string, (reply: Reply) => void>();
  const outcomes: Record<string, number> = {};
  // Both roles as `club-bot start` runs them: the fair worker pool and the hosted deliverer.
  const work = startClubWork({
    directory: bot.hosting.directory,
    redis: bot.hosting.redis,
    queueConnection: bot.hosting.queueConnection,
    logger: benchLogger('worker'),
    root: bot.hosting.root,
    now,
    sinksFor: () => ({
      console: {
        async deliver(address, reply) {
          if (address.platform === 'console') waiting.get(address.conversationId)?.(reply);
        },
      },
    }),
    onFinished: (event) => {
      outcomes[event.outcome] = (outcomes[event.outcome] ?? 0) + 1;
    },
  });
  try {
    const plan = planCommands(bot.club, commandCount, clubDayShares, seededRandom(4));
    const incidentsBefore = bot.simulator.admin.records('incidents').length;
    let unanswered = 0;
    for (const [index, planned] of plan.entries()) {
      clock = dayStart + Math.round(((index + 0.5) * dayMs) / commandCount);
      if (!(await runOne(bot, planned, index, now, waiting))) unanswered += 1;
      await bot.services.cache.settle();
    }
    const ours = bot.simulator.admin.calls();
    const filed = bot.simulator.admin.records('incidents').length - incidentsBefore;
    options.log(`B4 our day: ${ours.total} club calls; naive baseline next`);

    bot.simulator.admin.reset();
    // The naive bot would run out of the day's 5,000 calls: give it room, to count them all.
    bot.simulator.admin.setBudget({ dailyLimit: 1_000_000, remaining: 1_000_000 });
    await naiveDay(
      createClubApi(createClubClient({ baseUrl: bot.simulator.url, token: benchToken })),
      plan,
      clubToday(new Date(clock), benchTimezone),
    );
    const naive = bot.simulator.admin.calls();
    const refused = (outcomes.refused ?? 0) + (outcomes.rejected ?? 0) + (outcomes.failed ?? 0);
    return [
      figure(
        'B4.ours.calls',
        'B4 club calls over the day, ours (filings included)',
        ours.total,
        'calls',
        atMost(250),
      ),
      figure(
        'B4.ours.filings',
        'B4 incidents filed (POST /api/IncidentBook)',
        filed,
        'incidents',
        exactly(50),
      ),
      ...byKind(ours).map(([kind, count]) =>
        figure(`B4.ours.kind ${kind}`, `B4 ours: ${kind}`, count, 'calls'),
      ),
      figure(
        'B4.naive.calls',
        'B4 baseline: club calls of a bot without a cache',
        naive.total,
        'calls',
      ),
      figure(
        'B4.ratio',
        'B4 calls ratio, naive / ours',
        naive.total / ours.total,
        '×',
        atLeast(10),
      ),
      figure(
        'B4.not-answered',
        'B4 commands unanswered, refused or failed',
        unanswered + refused,
        'commands',
        exactly(0),
      ),
    ];
  } finally {
    await work.stop();
    await bot.stop();
  }
}

/** Runs one planned command through the dispatcher (and the form, for an incident); true once answered. */
async function runOne(
  bot: Awaited<ReturnType<typeof startBenchBot>>,
  planned: PlannedCommand,
  index: number,
  now: () => number,
  waiting: Map<string, (reply: Reply) => void>,
): Promise<boolean> {
  const id = randomUUID();
  const user: ChatUser = {
    platform: 'slack',
    userId: planned.person.userId,
    teamId: 'T1',
    email: planned.person.email,
  };
  const replyTo: ReplyAddress = { platform: 'console', conversationId: id };
  const answered = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 30_000);
    waiting.set(id, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  try {
    const result = await bot.dispatcher.command(
      { id, slash: planned.slash, text: planned.text },
      user,
      replyTo,
    );
    if (planned.kind === 'help') return result.kind === 'reply';
    if (planned.kind === 'incident-new') {
      if (result.kind !== 'form') return false;
      const submitted = await bot.dispatcher.submitForm(
        {
          id,
          key: `b4-incident-${index}`,
          form: 'incident',
          values: {
            title: `Slip on poolside ${index}`,
            date: clubToday(new Date(now()), benchTimezone),
            status: 'Open',
            details: 'Seen from the gallery; first aid given.',
            proposedAction: '',
          },
        },
        user,
        replyTo,
      );
      if (submitted.kind !== 'queued') return false;
    } else if (result.kind !== 'queued') return false;
    return await answered;
  } finally {
    waiting.delete(id);
  }
}

/** The same commands by a bot without a cache, four at a time; the simulator counts the calls. */
async function naiveDay(api: ClubApi, plan: PlannedCommand[], today: string): Promise<void> {
  let next = 0;
  const one = async (planned: PlannedCommand, index: number) => {
    // Who asks, and may they: every member and the club roles.
    await api.listMembers();
    await api.listRoles();
    switch (planned.kind) {
      case 'session':
      case 'member':
      case 'sessions':
        await api.listSessions();
        return;
      case 'whoswho':
        await api.getWhosWho();
        return;
      case 'events':
        await api.listEvents();
        return;
      case 'meets':
        await api.listMeets();
        return;
      case 'incident-list':
        await api.listIncidents();
        return;
      case 'incident-new':
        await api.fileIncident({
          title: `Naive slip ${index}`,
          date: today,
          status: 'Open',
          details: 'Seen from the gallery.',
          reporterGuid: planned.person.memberGuid,
        });
        return;
      case 'help':
        return;
    }
  };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < plan.length) {
        const index = next;
        next += 1;
        await one(plan[index]!, index);
      }
    }),
  );
}

/** Calls by method and path (the status too when not 200), most first. */
function byKind(counts: CallCounts): [string, number][] {
  const kinds = new Map<string, number>();
  for (const call of counts.calls) {
    const kind = `${call.method} ${call.path}${call.status === 200 || call.status === 201 ? '' : ` ${call.status}`}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + call.count);
  }
  return [...kinds].sort((a, b) => b[1] - a[1]);
}
