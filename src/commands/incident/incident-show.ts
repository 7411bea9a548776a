import { ClubNotFoundError } from '../../club/club-errors.js';
import type { Incident } from '../../club/domain.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { displayName } from '../../club/members/members-of.js';
import { textReply, type Reply, type ReplySection } from '../../core/reply.js';
import { byRef, shortRef } from '../../club/short-ref.js';

/** Pure: one incident in full, as the welfare officer reads it. */
export function incidentShowReply(incident: Incident, today?: string): Reply {
  const reporters = incident.addedBy.map(displayName).join(', ') || 'Not recorded';
  const sections: ReplySection[] = [
    { kind: 'text', title: 'What happened', text: incident.details?.trim() || 'Not written.' },
    ...(incident.proposedAction?.trim()
      ? [{ kind: 'text' as const, title: 'Proposed action', text: incident.proposedAction }]
      : []),
    ...(incident.comments.length > 0
      ? [
          {
            kind: 'list' as const,
            title: 'Comments',
            items: incident.comments.map((comment) => {
              const when = comment.dateAdded ? `${formatDay(comment.dateAdded, today)}, ` : '';
              return `${when}${displayName(comment.author)}: ${comment.comment}`;
            }),
          },
        ]
      : []),
  ];
  return {
    title: incident.title || 'Untitled incident',
    fields: [
      { label: 'Reference', value: shortRef(incident.guid) },
      { label: 'Date', value: incident.date ? formatDay(incident.date, today) : 'No date' },
      { label: 'Status', value: incident.status },
      { label: 'Reported by', value: reporters },
    ],
    sections,
    visibility: 'asker',
    personalData: true,
    audit: { members: [], fieldGroups: ['incidents'] },
  };
}

/** Pure: the incidents whose Guid starts with what was typed ("1A2B3C4D", "#1a2b3c4d"). */
export function incidentsByRef(incidents: readonly Incident[], typed: string): Incident[] {
  return byRef(incidents, typed, 1);
}

/**
 * /incident show: the cached incident book (which holds no details, by design) finds the
 * Guid; the one incident is then read from the club service for this request and kept nowhere.
 */
export const incidentShow = {
  kind: 'query',
  name: 'incident show',
  description: 'One incident in full (details, action, comments), by its reference.',
  options: [
    {
      name: 'ref',
      description: 'The reference, e.g. 1a2b3c4d: its first characters are enough',
      required: true,
    },
  ],
  examples: ['/incident show 1a2b3c4d'],
  roles: ['welfare'],
  personalData: true,
  needsClub: true,
  async handle({ options, asker, data, now, timezone, digests }) {
    // A welfare officer who uses the bot is someone new incidents and welfare digests can reach.
    if (asker.roles.includes('welfare')) await digests?.remember();
    const ref = (options.ref ?? '').trim().replace(/^#/, '');
    const warn = (text: string) => textReply(text, { title: 'Incident', tone: 'warning' });
    if (ref.length < 4) return warn('Give at least 4 characters of the reference, e.g. 1a2b3c4d.');
    const found = incidentsByRef((await data.incidents()).value, ref);
    const [only] = found;
    if (!only) return warn(`No incident has the reference "${ref}". /incident list shows them.`);
    if (found.length > 1)
      return warn(`"${ref}" starts ${found.length} references; give all 8 characters.`);
    try {
      return incidentShowReply(await data.incident(only.guid), clubToday(now, timezone));
    } catch (error) {
      if (!(error instanceof ClubNotFoundError)) throw error;
      return textReply(`Incident ${shortRef(only.guid)} is no longer in the incident book.`, {
        title: 'Incident',
        tone: 'warning',
      });
    }
  },
} satisfies CommandDefinition;
