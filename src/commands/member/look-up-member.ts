import type { ClubSession, Member } from '../../club/domain.js';
import { clubToday } from '../../club/time/club-time.js';
import type { CommandContext } from '../../core/command.js';
import { dataAge, type Reply } from '../../core/reply.js';
import { findMembers } from '../../club/members/find-members.js';
import { memberEntitlements, type MemberEntitlements } from './member-entitlements.js';
import { memberChoicesReply, type MemberCommand } from './member-choices-reply.js';

/** The one member a query names, with what the asker may see of them; or the reply that asks which. */
export type MemberLookup =
  | { kind: 'choices'; reply: Reply }
  | {
      kind: 'found';
      member: Member;
      members: readonly Member[];
      sessions: readonly ClubSession[];
      rights: MemberEntitlements;
      today: string;
      /** How old the members and sessions read are. */
      footer: string;
    };

/**
 * Finds the member `query` names exactly, for `/member` and `/member details`: when it names
 * none, several, or only near spellings, the reply asks, its buttons running `command` again.
 */
export async function lookUpMember(
  context: Pick<CommandContext, 'asker' | 'data' | 'now' | 'timezone'>,
  query: string,
  command: MemberCommand,
): Promise<MemberLookup> {
  const { asker, data, now, timezone } = context;
  const [members, sessions] = await Promise.all([data.members(), data.sessions()]);
  const footer = dataAge([members, sessions], now);
  const match = findMembers(members.value, query);
  const only = 'exact' in match && match.exact.length === 1 ? match.exact[0] : undefined;
  if (only === undefined) {
    return {
      kind: 'choices',
      reply: { ...memberChoicesReply(match, members.value, query, command), footer },
    };
  }
  const today = clubToday(now, timezone);
  return {
    kind: 'found',
    member: only,
    members: members.value,
    sessions: sessions.value,
    rights: memberEntitlements(asker, only, sessions.value, today, members.value),
    today,
    footer,
  };
}
