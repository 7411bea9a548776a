import { namesOf } from '../../access/club-contacts.js';
import type { ClubContacts } from '../../core/club-data.js';
import { fitRefusal } from '../../access/refusal-reply.js';
import type { CommandDefinition } from '../../core/command.js';
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
    const contacts = await context.contacts?.();
    if (!rights.specialCategory && !rights.safeguarding) {
      return {
        title: 'Confidential details',
        sections: [
          {
            kind: 'text',
            text: confidentialRefusal(contacts),
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
      welfare: namesOf(contacts, ['welfare']),
    });
    return { ...card, footer: `${footer}; confidential details read just now, not stored` };
  },
} satisfies CommandDefinition;

/** Pure: who may see health and safeguarding details, and whom to ask, under 200 characters. */
export function confidentialRefusal(contacts: ClubContacts | undefined): string {
  return fitRefusal((most) => {
    const welfare = namesOf(contacts, ['welfare'], most);
    return `Health details are for the welfare officer and the member’s coaches, DBS details for the welfare officer (unless the access policy says more).${welfare ? ` Ask ${welfare}.` : ''}`;
  });
}
