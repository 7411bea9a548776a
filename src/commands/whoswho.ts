import type { WhosWhoCategory } from '../club/domain.js';
import type { CommandDefinition } from '../core/command.js';
import { dataAge, type Reply, type ReplySection } from '../core/reply.js';
import { displayName } from '../club/members/members-of.js';
import { postableReply } from './list-replies.js';

type Person = WhosWhoCategory['members'][number];

/**
 * Each person of a category once, with their lines and the lower-case texts a filter looks in:
 * someone entered twice (two offices of one kind) is one line, "Peggy Hill (Lead; Deputy)".
 */
function listed(people: readonly Person[]) {
  const byName = new Map<string, { first: string; notes: string[] }>();
  for (const person of people) {
    const name = displayName(person);
    const known = byName.get(name) ?? { first: person.firstName, notes: [] };
    if (person.notes && !known.notes.includes(person.notes)) known.notes.push(person.notes);
    byName.set(name, known);
  }
  return [...byName].map(([name, { first, notes }]) => ({
    line: notes.length > 0 ? `${name} (${notes.join('; ')})` : name,
    texts: [name, first, ...notes].map((text) => text.toLowerCase()),
  }));
}

/** Pure: who's who, narrowed to categories or people matching `filter` (case-insensitive). */
export function whosWhoReply(
  categories: readonly WhosWhoCategory[],
  filter: string | undefined,
): Reply {
  const wanted = filter?.trim().toLowerCase() ?? '';
  const sections = categories.flatMap((category): ReplySection[] => {
    const people = listed(category.members);
    const whole = wanted === '' || category.category.toLowerCase().includes(wanted);
    const shown = whole
      ? people
      : people.filter((person) => person.texts.some((text) => text.includes(wanted)));
    if (shown.length === 0) return [];
    return [{ kind: 'list', title: category.category, items: shown.map((person) => person.line) }];
  });
  if (sections.length === 0) {
    const known = categories.map((category) => category.category).join(', ');
    return {
      title: "Who's who",
      sections: [
        {
          kind: 'text',
          text: `Nobody in who's who matches "${filter}". Categories: ${known || 'none'}.`,
        },
      ],
      visibility: 'asker',
      personalData: false,
      tone: 'warning',
    };
  }
  return postableReply(wanted ? `Who's who: ${filter?.trim()}` : "Who's who", sections);
}

export const whoswho = {
  kind: 'query',
  name: 'whoswho',
  description: 'Who holds which club role; add a name or role to narrow it.',
  options: [
    { name: 'filter', description: 'A name or role, e.g. welfare', required: false, rest: true },
  ],
  examples: ['/whoswho', '/whoswho welfare'],
  roles: ['everyone'],
  personalData: false,
  needsClub: true,
  async handle({ options, data, now }) {
    const whosWho = await data.whosWho();
    const reply = whosWhoReply(whosWho.value, options.filter);
    return { ...reply, footer: dataAge([whosWho], now) };
  },
} satisfies CommandDefinition;
