import { describe, expect, it } from 'vitest';
import type { WhosWhoCategory } from '../../src/club/domain.js';
import { displayName } from '../../src/club/members/members-of.js';
import { whosWhoReply } from '../../src/commands/whoswho.js';
import { memoryClubData } from '../support/memory-club-data.js';

const whosWho: WhosWhoCategory[] = [
  {
    category: 'Welfare',
    members: [
      { firstName: 'Margaret', knownAs: 'Peggy', lastName: 'Hill', notes: 'Lead welfare officer' },
      { firstName: 'Sam', lastName: 'Okafor' },
    ],
  },
  {
    category: 'Coaches',
    members: [
      { firstName: 'Hugo', lastName: 'Evans', notes: 'Head coach' },
      { firstName: 'Ann', lastName: 'Lee', notes: 'Masters' },
    ],
  },
];

/** Each list section's title and items. */
const listed = (categories: readonly WhosWhoCategory[], filter?: string) =>
  (whosWhoReply(categories, filter).sections ?? []).map((section) =>
    section.kind === 'list' ? [section.title, section.items] : [section.kind],
  );

describe("who's who", () => {
  it('without a filter lists every category, each person by name with their notes', () => {
    expect(listed(whosWho)).toEqual([
      ['Welfare', ['Peggy Hill (Lead welfare officer)', 'Sam Okafor']],
      ['Coaches', ['Hugo Evans (Head coach)', 'Ann Lee (Masters)']],
    ]);
  });

  it('with a filter naming a category lists that whole category, whatever its case', () => {
    expect(listed(whosWho, '  WELFARE ')).toEqual([
      ['Welfare', ['Peggy Hill (Lead welfare officer)', 'Sam Okafor']],
    ]);
  });

  it('with a filter naming a person lists them under their category, by shown name, first name or notes', () => {
    expect(listed(whosWho, 'peggy')).toEqual([['Welfare', ['Peggy Hill (Lead welfare officer)']]]);
    expect(listed(whosWho, 'margaret')).toEqual([
      ['Welfare', ['Peggy Hill (Lead welfare officer)']],
    ]);
    expect(listed(whosWho, 'head coach')).toEqual([['Coaches', ['Hugo Evans (Head coach)']]]);
    expect(listed(whosWho, 'coach')).toEqual([
      ['Coaches', ['Hugo Evans (Head coach)', 'Ann Lee (Masters)']],
    ]);
  });

  it('with a filter nobody matches says so and names the categories', () => {
    const reply = whosWhoReply(whosWho, 'treasurer');
    expect(reply.tone).toBe('warning');
    expect(reply.sections).toEqual([
      {
        kind: 'text',
        text: 'Nobody in who\'s who matches "treasurer". Categories: Welfare, Coaches.',
      },
    ]);
  });

  it("when the list changes (a refresh), the new list's people are the ones matched", () => {
    expect(listed(whosWho, 'okafor')).toEqual([['Welfare', ['Sam Okafor']]]);
    const refreshed: WhosWhoCategory[] = [
      { category: 'Welfare', members: [{ firstName: 'Sam', lastName: 'Okafor-Reid' }] },
    ];
    expect(listed(refreshed, 'okafor')).toEqual([['Welfare', ['Sam Okafor-Reid']]]);
  });

  it('for the seeded club, every filter finds the people whose name, first name or notes hold it', () => {
    const { whosWho: seeded } = memoryClubData();
    const people = seeded.flatMap((category) => category.members);
    const words = new Set(
      people.flatMap((person) => [
        person.firstName,
        person.lastName,
        ...(person.notes ?? '').split(' '),
      ]),
    );
    for (const word of [...words].filter((text) => text.length > 2)) {
      const wanted = word.toLowerCase();
      const expected = seeded
        .map((category): [string, number] => [
          category.category,
          category.category.toLowerCase().includes(wanted)
            ? category.members.length
            : category.members.filter((person) =>
                [displayName(person), person.firstName, person.notes ?? ''].some((text) =>
                  text.toLowerCase().includes(wanted),
                ),
              ).length,
        ])
        .filter(([, count]) => count > 0);
      const found = listed(seeded, word).map(([title, items]) => [title, items?.length]);
      expect(found, word).toEqual(expected);
    }
  });

  it('when one person is entered twice in a category, then they are listed once, with both notes', () => {
    const twice: WhosWhoCategory[] = [
      {
        category: 'Welfare',
        members: [
          { firstName: 'Sam', lastName: 'Okafor', notes: 'Welfare officer' },
          { firstName: 'Sam', lastName: 'Okafor', notes: 'Safeguarding lead' },
          { firstName: 'Sam', lastName: 'Okafor' },
        ],
      },
    ];
    const reply = whosWhoReply(twice, 'welfare');
    const list = reply.sections?.[0];
    expect(list?.kind === 'list' && list.items).toEqual([
      'Sam Okafor (Welfare officer; Safeguarding lead)',
    ]);
  });
});
