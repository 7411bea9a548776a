import type { WaitingListPerson } from '../../club/domain.js';
import { clubToday, formatDay, shownAge } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge } from '../../core/data-age.js';
import type { Reply } from '../../core/reply.js';

/** Pure: the waiting list in the order people joined it (undated last), numbered from 1. */
export function waitingListReply(people: readonly WaitingListPerson[], today: string): Reply {
  if (people.length === 0) {
    return {
      title: 'Waiting list',
      sections: [{ kind: 'text', text: 'Nobody is on the waiting list.' }],
      visibility: 'asker',
      personalData: false,
    };
  }
  const inOrder = [...people].sort((a, b) =>
    (a.dateAdded ?? '9999').localeCompare(b.dateAdded ?? '9999'),
  );
  return {
    title: `Waiting list: ${people.length}`,
    sections: [
      {
        kind: 'table',
        columns: ['Name', 'Born', 'Age', 'Email', 'Added'],
        rows: inOrder.map((person, index) => [
          `${index + 1}. ${person.firstName} ${person.lastName}`.trim(),
          person.dateOfBirth ? formatDay(person.dateOfBirth, today) : 'Not given',
          shownAge(person.dateOfBirth, today),
          person.email ?? '',
          person.dateAdded ? formatDay(person.dateAdded, today) : 'Not recorded',
        ]),
      },
    ],
    visibility: 'asker',
    personalData: true,
  };
}

export const waitingList = {
  kind: 'query',
  name: 'waitinglist',
  description: 'The waiting list, in order, with positions.',
  options: [],
  examples: ['/waitinglist'],
  roles: ['membership'],
  personalData: true,
  needsClub: true,
  async handle({ data, now, timezone }) {
    const all = await data.waitingList();
    return {
      ...waitingListReply(all.value, clubToday(now, timezone)),
      footer: dataAge([all], now),
    };
  },
} satisfies CommandDefinition;
