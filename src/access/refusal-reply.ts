import type { Asker } from '../core/chat-user.js';
import type { CommandDefinition } from '../core/command.js';
import { textReply, type Reply } from '../core/reply.js';
import type { BotRole } from '../core/roles.js';
import { namesOf } from './club-contacts.js';
import type { ClubContacts } from '../core/club-data.js';

const roleNames: Record<BotRole, string> = {
  everyone: 'everyone',
  coach: 'coaches',
  'head-coach': 'the head coach',
  welfare: 'the welfare officer',
  membership: 'the membership secretary',
  committee: 'committee members',
  admin: 'the bot admins',
};

/** A refusal is read on a phone: it says who can help in fewer characters than this. */
export const refusalLimit = 200;

/** "the welfare officer or the membership secretary". */
export function roleWords(roles: readonly BotRole[]): string {
  const who = roles.map((role) => roleNames[role]);
  return who.length > 1 ? `${who.slice(0, -1).join(', ')} or ${who.at(-1)}` : (who[0] ?? 'nobody');
}

/**
 * A polite refusal naming who can help, from the club's records: the people who hold the role
 * (they can do it for the asker), and, for someone the bot has not linked, the bot admins who can
 * link them. Nothing about linking is said to someone already linked.
 */
export function refusalReply(
  command: Pick<CommandDefinition, 'name'>,
  allowed: readonly BotRole[],
  asker?: Pick<Asker, 'unlinkedBecause' | 'memberGuid'>,
  contacts?: ClubContacts,
): Reply {
  return textReply(
    refusalText(`Only ${roleWords(allowed)} can use /${command.name}.`, allowed, asker, contacts),
    {
      tone: 'warning',
      title: 'Not available to you',
    },
  );
}

/** `first`, then who can help, kept under {@link refusalLimit} characters. */
export function refusalText(
  first: string,
  allowed: readonly BotRole[],
  asker: Pick<Asker, 'unlinkedBecause' | 'memberGuid'> | undefined,
  contacts: ClubContacts | undefined,
): string {
  const attempt = (most: number) => {
    const holders = namesOf(contacts, allowed, most);
    const admins = namesOf(contacts, ['admin'], most) ?? "the club's bot admin";
    const help = holders ? `Ask ${holders}.` : undefined;
    let link: string | undefined;
    if (asker?.unlinkedBecause === 'shared-email')
      link = `Your email is shared by several adult members, so the bot has not linked you: ${admins} can.`;
    else if (asker && asker.memberGuid === undefined)
      link = `The bot has not linked your chat account to a member: ${admins} can.`;
    else if (!holders) link = `If it should include you, ask ${admins}.`;
    return [first, help, link].filter(Boolean).join(' ');
  };
  return fitRefusal(attempt);
}

/**
 * A refusal under {@link refusalLimit} characters: `build(most)` (that many names per office) for
 * the largest `most` from `mostFirst` (default 2) down to 1 that fits, else `build(1)` cut with an
 * ellipsis.
 */
export function fitRefusal(build: (most: number) => string, mostFirst = 2): string {
  for (let most = mostFirst; most > 1; most -= 1) {
    const text = build(most);
    if (text.length < refusalLimit) return text;
  }
  const short = build(1);
  return short.length < refusalLimit ? short : `${short.slice(0, refusalLimit - 2)}…`;
}
