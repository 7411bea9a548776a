import type { Member } from '../club/domain.js';
import type { ChatUser } from '../core/chat-user.js';
import { displayName, membersByGuid } from '../club/members/members-of.js';
import type { Reply } from '../core/reply.js';
import type { BotRole } from '../core/roles.js';
import { linkNotice, type LinkedBy } from './link-notice.js';

export type { LinkedBy } from './link-notice.js';
import { linkableMember } from './linkable-member.js';
import type { MemberLinks } from '../core/chat-user.js';

/** The link could not be made; the message says why and what to do. */
export class LinkError extends Error {
  readonly code = 'link-refused';
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

/** Roles only the operator may hand to a chat account: they open safeguarding data or the bot. */
export const privilegedRoles: readonly BotRole[] = ['welfare', 'head-coach', 'admin'];

/** What linking reads and writes. */
export interface LinkDeps {
  links: Pick<MemberLinks, 'get' | 'set' | 'list' | 'remove'>;
  /**
   * The club's members, through the cache and the daily budget: a cold cache is loaded (and the
   * call counted), so linking works on a deployment where nothing has run yet.
   */
  members(): Promise<readonly Member[]>;
  /** The club's today (yyyy-mm-dd), telling adults from children. */
  today: string;
  /** The roles the link involves (the member's, and the user's once linked). Default: none known. */
  rolesOf?(user: ChatUser, memberGuid: string): Promise<BotRole[]>;
  /** Tells the club's welfare officers at once; resolves who was told. Default: nobody is. */
  tellWelfare?(notice: Reply): Promise<string[]>;
  /** Runs the check and the change as one link change at a time. Default: as they come. */
  exclusive?<T>(work: () => Promise<T>): Promise<T>;
}

/** A link made: the member, whom the user was linked to before, and who was told. */
export interface LinkMade {
  member: Member;
  /** The earlier link; `member` is missing when that Guid is no longer in the club's records. */
  before?: { guid: string; member?: Member };
  /** Discord users whose link to the member was moved to this one (`--replace`). */
  replaced?: string[];
  /** The welfare officers told; undefined when nothing changed or nobody could be told. */
  told?: string[];
}

/**
 * Links a Discord user to a club member, as an admin does it (`/link`, `npm run discord:link`):
 * Discord holds no email, so a person cannot prove an address by themselves, and a self-service
 * link would let anyone claim a coach's or the welfare officer's access. The member is named by
 * Guid, e-mail or name, and must be a current adult. One Discord account per member: a second
 * one is refused unless the operator moves the link (`replace`). In chat, a member holding a
 * privileged role is refused. The welfare officers are told before the link is stored, so a crash
 * in between cannot leave a link nobody was told of (a retried job tells nobody twice).
 */
export async function linkDiscordUser(
  deps: LinkDeps,
  discordUserId: string,
  memberRef: string,
  how: { by: LinkedBy; replace?: boolean } = { by: { kind: 'operator' } },
): Promise<LinkMade> {
  if (!/^\d{17,20}$/.test(discordUserId)) {
    throw new LinkError(
      `"${discordUserId}" is not a Discord user id (17 to 20 digits; in Discord, turn on Developer Mode and use "Copy User ID").`,
    );
  }
  const members = await deps.members();
  const match = linkableMember(members, memberRef, deps.today);
  if (match.kind === 'refused') throw new LinkError(match.reason);
  const { member } = match;
  const exclusive = deps.exclusive ?? ((work) => work());
  return exclusive(() => change(deps, members, member, discordUserId, how));
}

/** Checks the limits, tells the welfare officers and stores the link. */
async function change(
  deps: LinkDeps,
  members: readonly Member[],
  member: Member,
  discordUserId: string,
  how: { by: LinkedBy; replace?: boolean },
): Promise<LinkMade> {
  const user: ChatUser = { platform: 'discord', userId: discordUserId };
  const earlier = await deps.links.get(user);
  const before =
    earlier === undefined
      ? undefined
      : { guid: earlier, member: membersByGuid(members).get(earlier) };
  if (earlier === member.guid) return { member, before };
  const name = displayName(member);
  const roles = (await deps.rolesOf?.(user, member.guid)) ?? [];
  const privileged = privilegedRoles.filter((role) => roles.includes(role));
  if (how.by.kind === 'chat' && privileged.length > 0) {
    throw new LinkError(
      `${name} holds the ${privileged.join(' and ')} role: such a link is made by the operator with club-bot discord-link, not in chat.`,
    );
  }
  const holders = (await deps.links.list('discord'))
    .filter((link) => link.memberGuid === member.guid && link.userId !== discordUserId)
    .map((link) => link.userId);
  if (holders.length > 0 && !how.replace) {
    throw new LinkError(
      `${name} is already linked to Discord user ${holders.join(', ')}: one Discord account per member. ${
        how.by.kind === 'chat'
          ? 'Only the operator can move the link (club-bot discord-link --replace).'
          : 'Add --replace to move the link to this user.'
      }`,
    );
  }
  const told = await deps.tellWelfare?.(
    linkNotice({ userId: discordUserId, member, before, replaced: holders, roles, by: how.by }),
  );
  for (const holder of holders) await deps.links.remove({ platform: 'discord', userId: holder });
  await deps.links.set(user, member.guid);
  return {
    member,
    before,
    ...(holders.length > 0 ? { replaced: holders } : {}),
    ...(told ? { told } : {}),
  };
}

/** What the admin is told of a link made, each member named by `name`. */
export function linkMadeText(
  discordUserId: string,
  { member, before, replaced, told }: LinkMade,
  name: (member: Member) => string,
): string {
  const user = `Discord user ${discordUserId}`;
  if (before?.guid === member.guid) return `${user} was already linked to ${name(member)}.`;
  const now = `${user} is now linked to ${name(member)}`;
  const was = before
    ? `, no longer to ${before.member ? name(before.member) : `a former member (${before.guid})`}`
    : '';
  const moved = replaced?.length ? ` Discord user ${replaced.join(', ')} no longer is.` : '';
  return `${now}${was}.${moved}${toldText(told)}`;
}

function toldText(told: readonly string[] | undefined): string {
  if (told === undefined) return '';
  if (told.length === 0) {
    return " No welfare officer uses the bot yet, so none was told: tell the club's welfare officer.";
  }
  return ` The welfare officers were told: ${told.join(', ')}.`;
}
