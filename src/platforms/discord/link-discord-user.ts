import type { MemberLinks } from '../../access/member-links.js';
import type { ReadCache } from '../../cache/read-cache.js';
import type { Member } from '../../club/domain.js';
import type { ChatUser } from '../../commands/chat-user.js';

/** The link could not be made; the message says why and what to do. */
export class LinkError extends Error {
  readonly code = 'link-refused';
  constructor(message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Links a Discord user to a club member, as an admin does it: Discord holds no email, so a person
 * cannot prove an address by themselves, and a self-service `/link <email>` would let anyone claim
 * a coach's or the welfare officer's access. The member is named by Guid, or by email matched
 * against the cached members (the cache is read, never loaded: this spends no club calls).
 * Returns the member's Guid.
 */
export async function linkDiscordUser(
  deps: { links: MemberLinks; cache: Pick<ReadCache, 'peek'> },
  discordUserId: string,
  memberRef: string,
): Promise<string> {
  if (!/^\d{17,20}$/.test(discordUserId)) {
    throw new LinkError(
      `"${discordUserId}" is not a Discord user id (17 to 20 digits; in Discord, turn on Developer Mode and use "Copy User ID").`,
    );
  }
  const members = (await deps.cache.peek<Member[]>('members'))?.value;
  const wanted = memberRef.trim().toLowerCase();
  let guid: string | undefined;
  if (guidPattern.test(wanted)) {
    guid = members ? members.find((member) => member.guid.toLowerCase() === wanted)?.guid : wanted;
    if (!guid) throw new LinkError(`No cached member has the Guid ${memberRef}.`);
  } else if (wanted.includes('@')) {
    if (!members) {
      throw new LinkError(
        "The club's members are not cached yet, so an email cannot be matched: give the member's Guid, or run any command once (the worker then loads the members) and try again.",
      );
    }
    const found = members.filter(
      (member) => member.active && member.email?.toLowerCase() === wanted,
    );
    if (found.length !== 1) {
      throw new LinkError(
        found.length === 0
          ? 'No current member has that email.'
          : `${found.length} current members share that email (a family address): give the member's Guid instead.`,
      );
    }
    guid = found[0]?.guid;
  }
  if (!guid) throw new LinkError('Name the member by email or by Guid.');
  const user: ChatUser = { platform: 'discord', userId: discordUserId };
  await deps.links.set(user, guid);
  return guid;
}
