import type { WhosWhoCategory } from '../club/domain.js';
import type { CommandDefinition } from './command.js';
import { dataAge } from './data-age.js';
import { displayName } from './display-name.js';
import type { Reply, ReplySection } from './reply.js';
import { lastingSection } from './lasting-section.js';
import { builtOnce } from './built-once.js';
import { concatMap } from './concat-map.js';

/** A category as listed and matched: its people's lines, and the lower-case texts a filter finds. */
interface ListedCategory {
  name: string;
  people: { line: string; texts: string[] }[];
  /** The whole category as a reply shows it. */
  section: ReplySection;
}

/**
 * Each category's lines and texts, made once per who's who list: a filter looked at every
 * person's name, first name and notes, lower-cased again on every command.
 */
const listedCategory = builtOnce((category: WhosWhoCategory): ListedCategory => {
  const people = category.members.map((person) => {
    const name = displayName(person);
    return {
      line: person.notes ? `${name} (${person.notes})` : name,
      texts: [name, person.firstName, person.notes ?? ''].map((text) => text.toLowerCase()),
    };
  });
  return {
    name: category.category.toLowerCase(),
    people,
    section: lastingSection(listSection(category, people)),
  };
});

function listSection(category: WhosWhoCategory, people: readonly { line: string }[]): ReplySection {
  return { kind: 'list', title: category.category, items: people.map((person) => person.line) };
}

/** Pure: who's who, narrowed to categories or people matching `filter` (case-insensitive). */
export function whosWhoReply(
  categories: readonly WhosWhoCategory[],
  filter: string | undefined,
): Reply {
  const wanted = filter?.trim().toLowerCase() ?? '';
  const sections = concatMap(categories, (category) => {
    const listed = listedCategory(category);
    if (listed.people.length === 0) return [];
    if (wanted === '' || listed.name.includes(wanted)) return [listed.section];
    const people = listed.people.filter((person) =>
      person.texts.some((text) => text.includes(wanted)),
    );
    return people.length === 0 ? [] : [listSection(category, people)];
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
  return {
    title: wanted ? `Who's who: ${filter?.trim()}` : "Who's who",
    sections,
    visibility: 'asker',
    personalData: false,
    actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
  };
}

export const whoswho = {
  kind: 'query',
  name: 'whoswho',
  description: 'Who holds which club role; add a name or role to narrow it.',
  options: [
    { name: 'filter', description: 'A name or role, e.g. welfare', required: false, rest: true },
  ],
  roles: ['everyone'],
  personalData: false,
  needsClub: true,
  async handle({ options, data, now }) {
    const whosWho = await data.whosWho();
    const reply = whosWhoReply(whosWho.value, options.filter);
    return { ...reply, footer: dataAge([whosWho], now) };
  },
} satisfies CommandDefinition;
