import type { Member } from '../../club/domain.js';
import { displayName } from '../../club/members/members-of.js';
import { exactMembers, findMembers, type MemberMatch } from '../../club/members/find-members.js';
import { memberKinds } from './member-card-reply.js';
import type { Reply } from '../../core/reply.js';
import { shortRef } from '../../club/short-ref.js';

/** Most members offered as buttons when a name matches several. */
export const maxChoices = 10;

/** The commands whose "Which one?" buttons run them again for the member chosen. */
export type MemberCommand = 'member' | 'member details' | 'audit';

/**
 * Pure: the reply when `query` named no one member: nobody, several (listed by name and role), or
 * only near spellings, asked about as "Did you mean …?". Names and roles only: nothing of anyone's
 * contacts, health or sessions until the person is chosen.
 */
export function memberChoicesReply(
  match: MemberMatch,
  members: readonly Member[],
  query: string,
  command: MemberCommand = 'member',
): Reply {
  const typed = query.trim();
  const found = 'exact' in match ? match.exact : match.suggestions;
  if (found.length === 0) {
    return {
      title: 'No such member',
      sections: [
        {
          kind: 'text',
          text: `No member is called "${typed}". Check the spelling, or try the surname alone.`,
        },
      ],
      visibility: 'asker',
      personalData: false,
      tone: 'warning',
    };
  }
  const offered = found.slice(0, maxChoices);
  const more = found.length - offered.length;
  const narrow = more > 0 ? ` The first ${maxChoices} are below; type more of the name.` : '';
  const text =
    'exact' in match
      ? `${found.length} members are called "${typed}": which one?${narrow}`
      : `No member is called "${typed}". Did you mean ${didYouMean(offered)}?${narrow}`;
  return {
    title: 'exact' in match ? 'Which one?' : 'Did you mean…?',
    sections: [
      { kind: 'text', text },
      { kind: 'list', items: offered.map(choiceLabel) },
    ],
    visibility: 'asker',
    personalData: true,
    tone: 'exact' in match ? undefined : 'warning',
    actions: offered.map((member) => ({
      id: `member-${member.guid}`,
      label: choiceLabel(member),
      kind: 'run-command' as const,
      command,
      args: unambiguousName(member, members),
    })),
  };
}

/** "Connor Hart", "Jane Smith or Claire Smith", or "one of these" for more. */
function didYouMean(offered: readonly Member[]): string {
  const names = [...new Set(offered.map(displayName))];
  if (names.length > 3 || names.length < offered.length) return 'one of these';
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

function choiceLabel(member: Member): string {
  const kinds = memberKinds(member);
  const left = member.active ? '' : ', left the club';
  return kinds || left
    ? `${displayName(member)} (${kinds || 'Member'}${left})`
    : displayName(member);
}

/**
 * What finds only this member: their full name, else their 8-character reference, else their
 * Guid (which always does).
 */
export function unambiguousName(member: Member, members: readonly Member[]): string {
  const only = (typed: string) => {
    const found = exactMembers(findMembers(members, typed));
    return found.length === 1 && found[0]?.guid === member.guid;
  };
  const fullName = `${member.firstName} ${member.lastName}`.trim();
  if (only(fullName)) return fullName;
  const ref = shortRef(member.guid);
  return only(ref) ? ref : member.guid;
}
