import { clubToday } from './club-time.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { findMembers } from './find-members.js';
import { memberCardReply } from './member-card-reply.js';
import { memberEntitlements } from './member-entitlements.js';
import { memberChoicesReply } from './member.js';

/**
 * `/member details <name>`: the member card with the special-category fields the asker is
 * entitled to (health for welfare and the member's own session coaches; DBS and safeguarding for
 * welfare and admin), read from the club service for this request only and never cached.
 */
export const memberDetails = {
  kind: 'query',
  name: 'member details',
  description: 'A member’s health or DBS details, for those entitled; read now, never stored.',
  options: [
    {
      name: 'name',
      description: 'A name, e.g. Jane Smith, or the member’s reference',
      required: true,
      rest: true,
      autocomplete: 'members',
    },
  ],
  roles: ['coach', 'welfare', 'admin'],
  personalData: true,
  needsClub: true,
  async handle({ options, asker, data, now, timezone }) {
    const query = options.name ?? '';
    const [members, sessions] = await Promise.all([data.members(), data.sessions()]);
    const footer = dataAge([members, sessions], now);
    const found = findMembers(members.value, query);
    const [only] = found;
    if (found.length !== 1 || only === undefined) {
      const choices = memberChoicesReply(found, members.value, query);
      return {
        ...choices,
        actions: choices.actions?.map((action) => ({ ...action, command: 'member details' })),
        footer,
      };
    }
    const today = clubToday(now, timezone);
    const rights = memberEntitlements(asker, only, sessions.value, today);
    if (!rights.specialCategory && !rights.safeguarding) {
      return {
        title: 'Confidential details',
        sections: [
          {
            kind: 'text',
            text: 'Health details are only for the welfare officer and the coaches of the member’s own sessions; DBS and safeguarding details only for the welfare officer and the bot admins.',
          },
        ],
        visibility: 'asker',
        personalData: false,
        tone: 'warning',
      };
    }
    const sensitive = await data.memberSensitive(only.guid);
    const card = memberCardReply({
      member: only,
      members: members.value,
      sessions: sessions.value,
      rights,
      sensitive,
      today,
    });
    return { ...card, footer: `${footer}; confidential details read just now, not stored` };
  },
} satisfies CommandDefinition;
