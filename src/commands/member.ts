import type { Member } from '../club/domain.js';
import { clubToday } from './club-time.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { displayName } from './display-name.js';
import { findMembers } from './find-members.js';
import { memberCardReply, memberKinds } from './member-card-reply.js';
import { memberEntitlements, type MemberEntitlements } from './member-entitlements.js';
import type { Reply } from './reply.js';

/** Most members offered as buttons when a name matches several. */
export const maxChoices = 10;

/** Pure: the reply when `query` matches no member or several ("Which one?" with buttons). */
export function memberChoicesReply(
  found: readonly Member[],
  members: readonly Member[],
  query: string,
): Reply {
  if (found.length === 0) {
    return {
      title: 'No such member',
      sections: [
        {
          kind: 'text',
          text: `No club member matches "${query.trim()}". Check the spelling, or try the surname alone.`,
        },
      ],
      visibility: 'asker',
      personalData: false,
      tone: 'warning',
    };
  }
  const offered = found.slice(0, maxChoices);
  const more = found.length - offered.length;
  return {
    title: 'Which one?',
    sections: [
      {
        kind: 'text',
        text:
          `${found.length} members match "${query.trim()}".` +
          (more > 0
            ? ` The first ${maxChoices} are below; type more of the name to narrow it.`
            : ''),
      },
    ],
    visibility: 'asker',
    personalData: true,
    actions: offered.map((member) => ({
      id: `member-${member.guid}`,
      label: choiceLabel(member),
      kind: 'run-command' as const,
      command: 'member',
      args: unambiguousName(member, members),
    })),
  };
}

function choiceLabel(member: Member): string {
  const kinds = memberKinds(member);
  const left = member.active ? '' : ', left the club';
  return kinds || left
    ? `${displayName(member)} (${kinds || 'Member'}${left})`
    : displayName(member);
}

/** The member's full name when it finds only them, else their Guid (which always does). */
export function unambiguousName(member: Member, members: readonly Member[]): string {
  const fullName = `${member.firstName} ${member.lastName}`.trim();
  const found = findMembers(members, fullName);
  return found.length === 1 && found[0]?.guid === member.guid ? fullName : member.guid;
}

export const member = {
  kind: 'query',
  name: 'member',
  description: "A member's contact and emergency details.",
  options: [
    {
      name: 'name',
      description: 'A name, e.g. Jane Smith or Smith',
      required: true,
      rest: true,
      autocomplete: 'members',
    },
  ],
  roles: ['coach', 'welfare'],
  personalData: true,
  needsClub: true,
  async handle({ options, asker, data, now, timezone }) {
    const query = options.name ?? '';
    const [members, sessions] = await Promise.all([data.members(), data.sessions()]);
    const footer = dataAge([members, sessions], now);
    const found = findMembers(members.value, query);
    const [only] = found;
    if (found.length !== 1 || only === undefined) {
      return { ...memberChoicesReply(found, members.value, query), footer };
    }
    const today = clubToday(now, timezone);
    const rights = memberEntitlements(asker, only, sessions.value, today);
    const card = memberCardReply({
      member: only,
      members: members.value,
      sessions: sessions.value,
      rights,
      sensitive: undefined,
      today,
    });
    // Health and DBS details are not shown by default: they are read per request, only when an
    // entitled person asks for them with the button (data minimisation, and one call fewer).
    const details = confidentialLabel(rights);
    return {
      ...card,
      footer,
      actions: details
        ? [
            {
              id: `member-details-${only.guid}`,
              label: details,
              kind: 'run-command' as const,
              command: 'member details',
              args: only.guid,
            },
          ]
        : undefined,
    };
  },
} satisfies CommandDefinition;

/** The label of the button that shows what this person may see beyond contacts, if anything. */
export function confidentialLabel(rights: MemberEntitlements): string | undefined {
  if (rights.specialCategory && rights.safeguarding) return 'Show health and safeguarding details';
  if (rights.specialCategory) return 'Show health details';
  if (rights.safeguarding) return 'Show DBS and safeguarding details';
  return undefined;
}
