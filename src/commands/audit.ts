import type { Member } from '../club/domain.js';
import type { AuditEntry } from '../core/audit-entry.js';
import { clubClock, formatDay } from '../club/time/club-time.js';
import type { CommandDefinition } from '../core/command.js';
import { displayName, membersByGuid } from '../club/members/members-of.js';
import { findMembers } from '../club/members/find-members.js';
import { memberChoicesReply } from './member/member-choices-reply.js';
import type { AuditFieldGroup, Reply } from '../core/reply.js';

/** Pure: who saw whose personal data, newest first. */
export function auditReply(
  entries: readonly AuditEntry[],
  members: readonly Member[],
  timezone: string,
  about?: Member,
): Reply {
  const byGuid = membersByGuid(members);
  const name = (guid: string | undefined) => {
    const member = guid ? byGuid.get(guid) : undefined;
    return member ? displayName(member) : undefined;
  };
  const title = about ? `Audit trail: ${displayName(about)}` : 'Audit trail';
  if (entries.length === 0) {
    return {
      title,
      sections: [
        {
          kind: 'text',
          text: 'Nobody has been shown personal data in the retention period (90 days).',
        },
      ],
      visibility: 'asker',
      personalData: true,
    };
  }
  return {
    title,
    sections: [
      {
        kind: 'table',
        columns: ['When', 'Asked by', 'Command', 'Whose records', 'Fields'],
        rows: entries.map((entry) => [
          when(entry.at, timezone),
          name(entry.askerMember) ?? entry.askedBy,
          `/${entry.command}`,
          entry.members.length === 1
            ? (name(entry.members[0]) ?? 'a member no longer on record')
            : `${entry.members.length} members`,
          fieldWords(entry.fieldGroups),
        ]),
      },
    ],
    footer: 'Showing the newest 50 entries; entries are kept 90 days.',
    visibility: 'asker',
    personalData: true,
  };
}

const groupWords: Record<AuditFieldGroup, string> = {
  contact: 'contact details',
  'emergency-contacts': 'emergency contacts',
  health: 'health notes',
  safeguarding: 'DBS and safeguarding',
  roster: 'rosters',
  incidents: 'incidents',
  'trial-requests': 'trial requests',
  'waiting-list': 'the waiting list',
};

/** "contact details, emergency contacts and health notes". */
export function fieldWords(groups: readonly AuditFieldGroup[]): string {
  const words = groups.map((group) => groupWords[group]);
  if (words.length === 0) return '—';
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]!;
}

export const audit = {
  kind: 'query',
  name: 'audit',
  description: "Who has been shown members' personal data, and when; add a name for one member.",
  options: [
    {
      name: 'member',
      description: 'A member’s name, e.g. Jane Smith',
      required: false,
      rest: true,
      autocomplete: 'members',
    },
  ],
  examples: ['/audit', '/audit Jane Smith'],
  roles: ['welfare'],
  personalData: true,
  needsClub: true,
  audited: false,
  async handle({ options, data, timezone, auditTrail }) {
    const members = await data.members();
    if (!options.member)
      return auditReply(await auditTrail({ limit: 50 }), members.value, timezone);
    const match = findMembers(members.value, options.member);
    const only = 'exact' in match && match.exact.length === 1 ? match.exact[0] : undefined;
    if (only === undefined) {
      return memberChoicesReply(match, members.value, options.member, 'audit');
    }
    return auditReply(
      await auditTrail({ member: only.guid, limit: 50 }),
      members.value,
      timezone,
      only,
    );
  },
} satisfies CommandDefinition;

function when(at: number, timezone: string): string {
  const clock = clubClock(at, timezone);
  return `${formatDay(clock.date)} ${clock.time}`;
}
