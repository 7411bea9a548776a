import type { WaitingListPerson } from '../../club/domain.js';
import type { Reply } from '../../core/reply.js';
import { clubListQuery } from '../club-list-query.js';
import { applicantsReply } from '../list-replies.js';

/** Pure: the waiting list in the order people joined it (undated last), numbered from 1. */
export function waitingListReply(people: readonly WaitingListPerson[], today: string): Reply {
  const inOrder = [...people].sort((a, b) =>
    (a.dateAdded ?? '9999').localeCompare(b.dateAdded ?? '9999'),
  );
  return applicantsReply('Waiting list', 'Nobody is on the waiting list.', inOrder, today, true);
}

export const waitingList = clubListQuery({
  name: 'waitinglist',
  description: 'The waiting list, in order, with positions.',
  examples: ['/waitinglist'],
  roles: ['membership'],
  personalData: true,
  read: (data) => data.waitingList(),
  reply: waitingListReply,
});
