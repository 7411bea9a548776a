import type { Member } from '../club/domain.js';
import { displayName } from '../club/members/members-of.js';
import type { Reply } from '../core/reply.js';
import type { BotRole } from '../core/roles.js';

/** Who makes the link: an admin in chat (named), or the operator with `npm run discord:link`. */
export type LinkedBy = { kind: 'chat'; name: string } | { kind: 'operator' };

/** A link about to be made, as the welfare officers are told of it. */
export interface LinkNoticeFacts {
  userId: string;
  member: Member;
  before?: { guid: string; member?: Member };
  /** Discord users whose link to the member moves to this one. */
  replaced: readonly string[];
  /** The roles the link involves, beyond everyone's. */
  roles: readonly BotRole[];
  by: LinkedBy;
}

/**
 * Pure: the direct message telling the welfare officers of a link: a link hands a chat account the
 * member's roles and answers, so they hear of every one at once and can say if it is wrong.
 */
export function linkNotice(facts: LinkNoticeFacts): Reply {
  const { member, before, by } = facts;
  const roles = facts.roles.filter((role) => role !== 'everyone');
  return {
    title: 'Discord account linked',
    fields: [
      { label: 'Discord user', value: facts.userId },
      { label: 'Linked to', value: displayName(member) },
      { label: 'Roles it gives', value: roles.join(', ') || 'none beyond everyone’s' },
      {
        label: 'Linked by',
        value:
          by.kind === 'chat'
            ? `${by.name}, with /link`
            : 'the operator, with club-bot discord-link',
      },
      ...(before
        ? [
            {
              label: 'Was linked to',
              value: before.member ? displayName(before.member) : 'a former member',
            },
          ]
        : []),
      ...(facts.replaced.length > 0
        ? [{ label: 'Moved from Discord user', value: facts.replaced.join(', ') }]
        : []),
    ],
    sections: [
      {
        kind: 'text',
        text: 'If this link is not right, ask the operator to remove it (club-bot discord-link --remove). /audit lists it.',
      },
    ],
    visibility: 'asker',
    personalData: true,
  };
}
