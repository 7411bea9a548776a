import { namesOf } from '../../access/club-contacts.js';
import type { CommandDefinition } from '../../core/command.js';
import { lookUpMember } from './look-up-member.js';
import { memberCardReply } from './member-card-reply.js';
import { shortRef } from '../../club/short-ref.js';
import type { MemberEntitlements } from './member-entitlements.js';

export const member = {
  kind: 'query',
  name: 'member',
  description: "A member's contact and emergency details.",
  options: [
    {
      name: 'name',
      description: 'A name, e.g. Jane Smith or Smith',
      required: true,
      rest: true,
      autocomplete: 'members',
    },
  ],
  examples: ['/member Jane Smith', '/member Smith'],
  roles: ['coach', 'welfare'],
  personalData: true,
  needsClub: true,
  async handle(context) {
    const lookup = await lookUpMember(context, context.options.name ?? '', 'member');
    if (lookup.kind === 'choices') return lookup.reply;
    const { member: only, rights, footer } = lookup;
    const card = memberCardReply({
      ...lookup,
      sensitive: undefined,
      welfare: namesOf(await context.contacts?.(), ['welfare']),
    });
    // Health and DBS details are not shown by default: they are read per request, only when an
    // entitled person asks for them with the button (data minimisation, and one call fewer).
    const details = confidentialLabel(rights);
    return {
      ...card,
      footer,
      actions: details
        ? [
            {
              id: `member-details-${only.guid}`,
              label: details,
              kind: 'run-command' as const,
              command: 'member details',
              args: shortRef(only.guid),
            },
          ]
        : undefined,
    };
  },
} satisfies CommandDefinition;

/** The label of the button that shows what this person may see beyond contacts, if anything. */
export function confidentialLabel(rights: MemberEntitlements): string | undefined {
  if (rights.specialCategory && rights.safeguarding) return 'Show health and safeguarding details';
  if (rights.specialCategory) return 'Show health details';
  if (rights.safeguarding) return 'Show DBS and safeguarding details';
  return undefined;
}
