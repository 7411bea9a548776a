import { clubMoment } from './club-time.js';
import type { QuotaReport } from './club-data.js';
import type { CommandDefinition } from './command.js';
import { timeAgo } from './data-age.js';
import type { Reply } from './reply.js';

const layoutPaths = { spec: '/api/Users, /api/{Collection}', bare: '/Members, /{Collection}' };

/** Which paths the bot calls, and whether the operator set them or the bot found them. */
function layoutLine({ setting, inUse }: QuotaReport['layout']): string {
  if (inUse === null) return 'not found yet: the first call tries /api/Users, then /Members';
  const how = setting === 'auto' ? 'found by asking the service' : 'set by CLUB_API_LAYOUT';
  return `${inUse} (${layoutPaths[inUse]}), ${how}`;
}

/** Pure: the daily call budget, the cache's freshness, the queue and the paths, for the admin. */
export function quotaReply(report: QuotaReport, now: Date, timezone: string): Reply {
  const comesBack =
    report.nextUnitAt === null
      ? 'No calls counted in the last 24 hours'
      : clubMoment(report.nextUnitAt, timezone);
  const { write, interactive, background } = report.byPriority;
  const { waiting, active, delayed, failed } = report.queue;
  return {
    title: 'Club service calls today',
    fields: [
      { label: 'Used', value: `${report.used} / ${report.limit}` },
      { label: 'Remaining', value: `${report.remaining}` },
      { label: 'More come back', value: comesBack },
      {
        label: 'Queue',
        value: `${waiting} waiting, ${active} active, ${delayed} delayed, ${failed} failed`,
      },
      { label: 'Club service paths', value: layoutLine(report.layout) },
    ],
    sections: [
      {
        kind: 'list',
        title: 'What each kind of work may still use',
        items: [
          `forms being filed: ${write.available}`,
          `commands people run: ${interactive.available}`,
          `background refresh: ${background.available}`,
        ],
      },
      {
        kind: 'list',
        title: 'Cache',
        items: report.cacheAges.map(({ collection, fetchedAt }) =>
          fetchedAt === null
            ? `${collection}: not fetched yet`
            : `${collection}: ${timeAgo(fetchedAt, now)}`,
        ),
      },
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
