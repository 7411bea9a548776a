import type { Member } from '../club/domain.js';
import type { ChatUser } from '../commands/chat-user.js';
import { membersByGuid } from '../commands/members-by-guid.js';
import { linkableMember } from './linkable-member.js';
import type { MemberLinks } from './member-links.js';

/** The link could not be made; the message says why and what to do. */
export class LinkError extends Error {
  readonly code = 'link-refused';
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

/** What linking reads and writes. */
export interface LinkDeps {
  links: Pick<MemberLinks, 'set'>;
  /**
   * The club's members, through the cache and the daily budget: a cold cache is loaded (and the
   * call counted), so linking works on a deployment where nothing has run yet.
   */
  members(): Promise<readonly Member[]>;
  /** The club's today (yyyy-mm-dd), telling adults from children. */
  today: string;
}

/** A link made: the member, and whom the user was linked to before, if anyone. */
export interface LinkMade {
  member: Member;
  /** The earlier link; `member` is missing when that Guid is no longer in the club's records. */
  before?: { guid: string; member?: Member };
}

/**
 * Links a Discord user to a club member, as an admin does it (`/link`, `npm run discord:link`):
 * Discord holds no email, so a person cannot prove an address by themselves, and a self-service
 * link would let anyone claim a coach's or the welfare officer's access. The member is named by
 * Guid, e-mail or name, and must be a current adult. Resolves the member linked and the link it
 * replaced, so the admin is told whose access the user lost.
 */
export async function linkDiscordUser(
  deps: LinkDeps,
  discordUserId: string,
  memberRef: string,
): Promise<LinkMade> {
  if (!/^\d{17,20}$/.test(discordUserId)) {
    throw new LinkError(
      `"${discordUserId}" is not a Discord user id (17 to 20 digits; in Discord, turn on Developer Mode and use "Copy User ID").`,
    );
  }
  const members = await deps.members();
  const match = linkableMember(members, memberRef, deps.today);
  if (match.kind === 'refused') throw new LinkError(match.reason);
  const user: ChatUser = { platform: 'discord', userId: discordUserId };
  const before = await deps.links.set(user, match.member.guid);
  if (before === undefined) return { member: match.member };
  return {
    member: match.member,
    before: { guid: before, member: membersByGuid(members).get(before) },
  };
}

/** What the admin is told of a link made, each member named by `name`. */
export function linkMadeText(
  discordUserId: string,
  { member, before }: LinkMade,
  name: (member: Member) => string,
): string {
  const user = `Discord user ${discordUserId}`;
  if (before?.guid === member.guid) return `${user} was already linked to ${name(member)}.`;
  const now = `${user} is now linked to ${name(member)}`;
  if (!before) return `${now}.`;
  return `${now}, no longer to ${before.member ? name(before.member) : `a former member (${before.guid})`}.`;
}
