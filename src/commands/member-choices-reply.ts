import type { Member } from '../club/domain.js';
import { displayName } from './display-name.js';
import { findMembers } from './find-members.js';
import { memberKinds } from './member-card-reply.js';
import type { Reply } from './reply.js';

/** Most members offered as buttons when a name matches several. */
export const maxChoices = 10;

/** Pure: the reply when `query` matches no member or several ("Which one?" with buttons). */
export function memberChoicesReply(
  found: readonly Member[],
  members: readonly Member[],
  query: string,
  command: 'member' | 'member details' = 'member',
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
      command,
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
