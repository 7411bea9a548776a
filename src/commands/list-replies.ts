import type { TrialRequest, WaitingListPerson } from '../club/domain.js';
import { formatDay, shownAge } from '../club/time/club-time.js';
import type { Reply, ReplySection } from '../core/reply.js';

/** A list with nothing on it: its title and one line saying so. */
export function emptyListReply(title: string, text: string): Reply {
  return { title, sections: [{ kind: 'text', text }], visibility: 'asker', personalData: false };
}

/** A list anyone may see (no personal data), with a button to post it to the channel. */
export function postableReply(title: string, sections: ReplySection[]): Reply {
  return {
    title,
    sections,
    visibility: 'asker',
    personalData: false,
    actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
  };
}

/**
 * Pure: people asking to join (trial requests, the waiting list), already in order, counted in
 * the title, with ages on `today` (yyyy-mm-dd); `numbered` puts each one's position first.
 */
export function applicantsReply(
  title: string,
  none: string,
  people: readonly (TrialRequest | WaitingListPerson)[],
  today: string,
  numbered = false,
): Reply {
  if (people.length === 0) return emptyListReply(title, none);
  const rows = people.map((person, index) => [
    `${numbered ? `${index + 1}. ` : ''}${person.firstName} ${person.lastName}`.trim(),
    person.dateOfBirth ? formatDay(person.dateOfBirth, today) : 'Not given',
    shownAge(person.dateOfBirth, today),
    person.email ?? '',
    person.dateAdded ? formatDay(person.dateAdded, today) : 'Not recorded',
  ]);
  return {
    title: `${title}: ${people.length}`,
    sections: [{ kind: 'table', columns: ['Name', 'Born', 'Age', 'Email', 'Added'], rows }],
    visibility: 'asker',
    personalData: true,
  };
}
