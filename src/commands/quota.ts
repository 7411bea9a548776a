import { clubMoment } from '../club/time/club-time.js';
import type { QuotaReport } from '../core/club-data.js';
import type { CommandDefinition } from '../core/command.js';
import { timeAgo, type Reply } from '../core/reply.js';

const layoutPaths = { spec: '/api/Users, /api/{Collection}', bare: '/Members, /{Collection}' };

/** Which paths the bot calls, and whether the operator set them or the bot found them. */
function layoutLine({ setting, inUse }: QuotaReport['layout']): string {
  if (inUse === null) return 'not found yet: the first call tries /api/Users, then /Members';
  const how = setting === 'auto' ? 'found by asking the service' : 'set by CLUB_API_LAYOUT';
  return `${inUse} (${layoutPaths[inUse]}), ${how}`;
}

/** The cache's names of the club's records, as a volunteer calls them. */
const recordNames: Readonly<Record<string, string>> = {
  members: 'members',
  sessions: 'sessions',
  whosWho: "who's who",
  groups: 'groups',
  roles: 'club roles',
  events: 'events',
  meets: 'meets',
  incidents: 'incidents',
  trialRequests: 'trial requests',
  waitingList: 'the waiting list',
};

const number = new Intl.NumberFormat('en-GB');
const plural = (count: number, one: string, many = `${one}s`) =>
  `${number.format(count)} ${count === 1 ? one : many}`;

/** "1 command being answered, 2 waiting"; "nothing waiting" when idle. */
function queueLine({ waiting, active, delayed, failed }: QuotaReport['queue']): string {
  const parts = [
    active > 0 ? `${plural(active, 'command')} being answered` : '',
    waiting > 0 ? `${number.format(waiting)} waiting` : '',
    delayed > 0 ? `${number.format(delayed)} waiting for calls to come back` : '',
    failed > 0 ? `${number.format(failed)} failed (see the queue dashboard)` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Nothing waiting.';
}

/** Pure: the daily call budget, the cache's freshness, the queue and the paths, in words. */
export function quotaReply(report: QuotaReport, now: Date, timezone: string): Reply {
  const comesBack =
    report.nextUnitAt === null
      ? 'No calls counted in the last 24 hours.'
      : `More come back from ${clubMoment(report.nextUnitAt, timezone)}.`;
  const { write, interactive, background } = report.byPriority;
  const ages = report.cacheAges.map(({ collection, fetchedAt }) => {
    const name = recordNames[collection] ?? collection;
    return fetchedAt === null ? `${name} not read yet` : `${name} ${timeAgo(fetchedAt, now)}`;
  });
  return {
    title: 'Club service calls today',
    sections: [
      {
        kind: 'text',
        text: `${number.format(report.used)} of ${number.format(report.limit)} calls used in the last 24 hours; ${number.format(report.remaining)} left. ${comesBack}`,
      },
      {
        kind: 'list',
        title: 'Still to spend',
        items: [
          `${plural(write.available, 'call')} for forms being filed`,
          `${plural(interactive.available, 'call')} for commands people run`,
          `${plural(background.available, 'call')} for refreshing in the background`,
        ],
      },
      { kind: 'text', title: 'Records refreshed', text: `${ages.join('; ')}.` },
      { kind: 'text', title: 'Queue', text: queueLine(report.queue) },
      { kind: 'text', title: 'Club service paths', text: layoutLine(report.layout) },
    ],
    visibility: 'asker',
    personalData: false,
  };
}

export const quota = {
  kind: 'query',
  name: 'quota',
  description: 'Calls to the club service left today, when more come back, cache and queue.',
  options: [],
  examples: ['/quota'],
  roles: ['admin'],
  personalData: false,
  // Answered by the worker, which holds the budget and the queue; it spends no club calls.
  needsClub: true,
  async handle({ quota: report, now, timezone }) {
    return quotaReply(await report(), now, timezone);
  },
} satisfies CommandDefinition;
