import { fitRefusal } from '../../access/refusal-reply.js';
import type { Incident } from '../../club/domain.js';
import type { Asker } from '../../core/chat-user.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge, textReply, type Reply } from '../../core/reply.js';
import { shortRef } from '../../club/short-ref.js';
import { unlinkedReason } from '../../core/unlinked-reason.js';

/** Most reports `/incident mine` lists; the rest are counted. */
const maxShown = 25;

/**
 * Pure: the incidents filed under the asker's own membership, newest first, with their title,
 * date, status and reference only: details, actions and comments are the welfare officer's.
 */
export function incidentMineReply(
  incidents: readonly Incident[],
  asker: Pick<Asker, 'memberGuid' | 'unlinkedBecause'>,
  today?: string,
  reportsAccount?: string,
): Reply {
  const member = asker.memberGuid;
  if (member === undefined) {
    const why = unlinkedReason(asker);
    return textReply(
      fitRefusal(
        () =>
          `Your chat account is not linked to a club member, so the bot cannot tell which reports are yours.${why ? ` ${why}` : ''}`,
      ),
      { tone: 'warning', title: 'Your incident reports' },
    );
  }
  // Everyone the bot cannot link files under the reporting account: those are nobody's own.
  if (member === reportsAccount) {
    return textReply(
      "Reports filed under the club's reporting account are not listed: they are other people's. Ask the welfare officer about one.",
      { title: 'Your incident reports' },
    );
  }
  const mine = incidents
    .filter((incident) => incident.addedBy.some((person) => person.guid === member))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  if (mine.length === 0) {
    return textReply("The club's incident book holds no report filed by you.", {
      title: 'Your incident reports',
    });
  }
  const shown = mine.slice(0, maxShown);
  return {
    title: `Your incident reports: ${mine.length}`,
    sections: [
      {
        kind: 'table',
        columns: ['Title', 'Date', 'Status', 'Ref'],
        rows: shown.map((incident) => [
          incident.title || 'Untitled',
          incident.date ? formatDay(incident.date, today) : 'No date',
          incident.status,
          shortRef(incident.guid),
        ]),
      },
      ...(mine.length > shown.length
        ? [{ kind: 'text' as const, text: `… and ${mine.length - shown.length} older.` }]
        : []),
    ],
    visibility: 'asker',
    personalData: true,
  };
}

export const incidentMine = {
  kind: 'query',
  name: 'incident mine',
  description: 'The incidents you reported: title, date and status.',
  options: [],
  examples: ['/incident mine'],
  roles: ['everyone'],
  personalData: true,
  needsClub: true,
  // It shows the asker only what they wrote themselves: nobody else's records.
  audited: false,
  async handle({ asker, data, now, timezone, contacts }) {
    if (asker.memberGuid === undefined) return incidentMineReply([], asker);
    const incidents = await data.incidents();
    const account = (await contacts?.())?.reportsAccount;
    return {
      ...incidentMineReply(incidents.value, asker, clubToday(now, timezone), account),
      footer: dataAge([incidents], now),
    };
  },
} satisfies CommandDefinition;
