import { namesOf } from '../access/club-contacts.js';
import type { CommandDefinition } from './command.js';
import { lookUpMember } from './look-up-member.js';
import { memberCardReply } from './member-card-reply.js';

/**
 * `/member details <name>`: the member card with the special-category fields the asker is
 * entitled to (health for welfare and the member's own session coaches; DBS and safeguarding for
 * welfare, or the roles the policy names), read from the club service for this request only and
 * never cached.
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
  examples: ['/member details Jane Smith'],
  roles: ['coach', 'welfare'],
  personalData: true,
  needsClub: true,
  async handle(context) {
    const lookup = await lookUpMember(context, context.options.name ?? '', 'member details');
    if (lookup.kind === 'choices') return lookup.reply;
    const { member: only, rights, footer } = lookup;
    const welfare = namesOf(await context.contacts?.(), ['welfare']);
    if (!rights.specialCategory && !rights.safeguarding) {
      return {
        title: 'Confidential details',
        sections: [
          {
            kind: 'text',
            text: `Health details are only for the welfare officer and the coaches of the member’s own sessions; DBS and safeguarding details only for the welfare officer, unless the club’s access policy names others.${welfare ? ` Ask ${welfare}.` : ''}`,
          },
        ],
        visibility: 'asker',
        personalData: false,
        tone: 'warning',
      };
    }
    const sensitive = await context.data.memberSensitive(only.guid);
    const card = memberCardReply({
      ...lookup,
      sensitive,
      welfare,
    });
    return { ...card, footer: `${footer}; confidential details read just now, not stored` };
  },
} satisfies CommandDefinition;
