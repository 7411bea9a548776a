import {
  LinkError,
  linkDiscordUser,
  linkMadeText,
  type LinkMade,
} from '../access/link-discord-user.js';
import { clubToday } from '../club/time/club-time.js';
import type { CommandContext, CommandDefinition } from '../core/command.js';
import { dataAge, textReply, type Reply } from '../core/reply.js';
import { displayName, membersByGuid } from '../club/members/members-of.js';

/** Most links `/link` lists; the rest are counted. */
const maxLinksListed = 50;

/**
 * `/link @user <member>`: an admin links a Discord user to their club membership, the same store
 * `npm run discord:link` writes; `/link` alone lists the links. Discord only: Slack links people
 * by the e-mail it holds for them.
 */
export const link = {
  kind: 'query',
  name: 'link',
  description: 'Link a Discord user to their club membership, or list the links (admins).',
  options: [
    { name: 'user', description: 'The Discord user to link', required: false, type: 'user' },
    {
      name: 'member',
      description: 'Their membership: name or e-mail',
      required: false,
      autocomplete: 'linkable-members',
      rest: true,
    },
  ],
  examples: ['/link @Jane Jane Smith', '/link'],
  roles: ['admin'],
  personalData: true,
  needsClub: true,
  platforms: ['discord'],
  async handle(context) {
    const { options, links } = context;
    if (!links) return textReply('Links cannot be changed here.', { tone: 'error' });
    if (options.user === undefined && options.member === undefined) return listLinks(context);
    if (options.user === undefined || options.member === undefined) {
      return textReply(
        'Give both the Discord user and their membership (name or e-mail): /link @user <member>. /link alone lists the links.',
        { tone: 'warning', title: '/link' },
      );
    }
    // A user typed as text arrives as a mention (<@id>); Discord's user picker sends the bare id.
    const userId = options.user.replace(/^<@!?(\d+)>$/, '$1');
    let made: LinkMade;
    const members = await context.data.members();
    const admin = membersByGuid(members.value).get(context.asker.memberGuid ?? '');
    try {
      made = await linkDiscordUser(
        {
          links,
          members: async () => members.value,
          today: clubToday(context.now, context.timezone),
          rolesOf: context.linkedRolesOf,
          tellWelfare: context.tellWelfare,
          exclusive: context.exclusiveLinks,
        },
        userId,
        options.member,
        { by: { kind: 'chat', name: admin ? displayName(admin) : 'an admin' } },
      );
    } catch (error) {
      if (!(error instanceof LinkError)) throw error;
      return textReply(error.message, { tone: 'warning', title: 'Not linked' });
    }
    const { member, before } = made;
    const changed = before?.guid !== member.guid;
    const said = linkMadeText(userId, made, displayName);
    return {
      ...textReply(
        changed ? `${said} Their roles come from that membership from their next command.` : said,
        { tone: 'success', title: changed ? 'Linked' : 'Already linked' },
      ),
      personalData: true,
      // The earlier member is named in the answer, so their name was shown too.
      audit: {
        members: [member.guid, ...(changed && before?.member ? [before.guid] : [])],
        fieldGroups: [],
      },
    };
  },
} satisfies CommandDefinition;

/** The stored links, by member name; a link to someone no longer a member says so. */
async function listLinks(context: CommandContext): Promise<Reply> {
  const [stored, members] = await Promise.all([
    context.links?.list('discord') ?? [],
    context.data.members(),
  ]);
  const byGuid = membersByGuid(members.value);
  const rows = stored
    .map(({ userId, memberGuid }) => {
      const member = byGuid.get(memberGuid);
      const name = member ? displayName(member) : `not a member now (${memberGuid})`;
      return [userId, member?.active === false ? `${name} (left the club)` : name] as const;
    })
    .sort((a, b) => a[1].localeCompare(b[1], 'en-GB'));
  if (rows.length === 0) {
    return textReply('No Discord user is linked yet. /link @user <name or e-mail> links one.', {
      title: 'Discord links',
    });
  }
  const shown = rows.slice(0, maxLinksListed);
  const more = rows.length - shown.length;
  return {
    title: 'Discord links',
    sections: [{ kind: 'table', columns: ['Discord user', 'Member'], rows: shown }],
    footer: [more > 0 ? `… and ${more} more.` : '', dataAge([members], context.now)]
      .filter(Boolean)
      .join(' '),
    visibility: 'asker',
    personalData: true,
    audit: {
      members: stored.map((entry) => entry.memberGuid).filter((guid) => byGuid.has(guid)),
      fieldGroups: [],
    },
  };
}
