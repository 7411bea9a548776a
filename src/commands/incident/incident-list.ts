import { type Incident, incidentStatuses } from '../../club/domain.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge, type Reply } from '../../core/reply.js';
import { displayName } from '../../club/members/members-of.js';
import { shortRef } from '../../club/short-ref.js';

/** Pure: incidents with one status, or (no status) every one not Closed; newest first. */
export function incidentListReply(
  incidents: readonly Incident[],
  status?: string,
  today?: string,
): Reply {
  const wanted = status?.toLowerCase();
  const shown = incidents
    .filter((incident) =>
      wanted === undefined
        ? incident.status.toLowerCase() !== 'closed'
        : incident.status.toLowerCase() === wanted,
    )
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  const which = status ? `${status} incidents` : 'Incidents not closed';
  if (shown.length === 0) {
    return {
      title: which,
      sections: [
        { kind: 'text', text: `There are no ${status ? `${status} ` : 'open '}incidents.` },
      ],
      visibility: 'asker',
      personalData: false,
    };
  }
  return {
    title: `${which}: ${shown.length}`,
    sections: [
      {
        kind: 'table',
        columns: ['Title', 'Date', 'Status', 'Reported by', 'Ref'],
        rows: shown.map((incident) => [
          incident.title || 'Untitled',
          incident.date ? formatDay(incident.date, today) : 'No date',
          incident.status,
          reporter(incident),
          shortRef(incident.guid),
        ]),
      },
    ],
    visibility: 'asker',
    personalData: true,
  };
}

function reporter(incident: Incident): string {
  const names = incident.addedBy.map(displayName);
  return names.length > 0 ? names.join(', ') : 'Not recorded';
}

export const incidentList = {
  kind: 'query',
  name: 'incident list',
  description: "The club's incidents; by default those not closed.",
  options: [
    {
      name: 'status',
      description: 'Open, In Progress, On Hold or Closed',
      required: false,
      // "in progress" is two words in Slack's text.
      rest: true,
      choices: incidentStatuses.map((status) => ({ name: status, value: status })),
    },
  ],
  examples: ['/incident list', '/incident list closed'],
  roles: ['welfare'],
  personalData: true,
  needsClub: true,
  async handle({ options, asker, data, now, timezone, digests }) {
    // A welfare officer who uses the bot is someone new incidents and welfare digests can reach.
    if (asker.roles.includes('welfare')) await digests?.remember();
    const incidents = await data.incidents();
    return {
      ...incidentListReply(incidents.value, options.status, clubToday(now, timezone)),
      footer: dataAge([incidents], now),
    };
  },
} satisfies CommandDefinition;
