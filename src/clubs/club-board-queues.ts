import type { BoardQueue } from '../ops/job-board.js';
import type { ClubDirectory } from './club-directory.js';

/**
 * Every registered club's queue for the job board, labelled by club id (their queues share one
 * name). An idle club's services are built on the board's first look at it.
 */
export function clubBoardQueues(directory: Pick<ClubDirectory, 'ids' | 'club'>): BoardQueue[] {
  return directory.ids().flatMap((id) => {
    const club = directory.club(id);
    return club ? [{ queue: club.services.queue.queue, label: id }] : [];
  });
}
