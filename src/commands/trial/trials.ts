import type { TrialRequest } from '../../club/domain.js';
import type { Reply } from '../../core/reply.js';
import { clubListQuery } from '../club-list-query.js';
import { applicantsReply } from '../list-replies.js';

/** Pure: trial requests, newest first (undated ones last), with ages on `today` (yyyy-mm-dd). */
export function trialsReply(trials: readonly TrialRequest[], today: string): Reply {
  const newestFirst = [...trials].sort((a, b) =>
    (b.dateAdded ?? '').localeCompare(a.dateAdded ?? ''),
  );
  return applicantsReply('Trial requests', 'There are no trial requests.', newestFirst, today);
}

export const trials = clubListQuery({
  name: 'trials',
  description: 'Trial session requests, newest first.',
  examples: ['/trials'],
  roles: ['membership'],
  personalData: true,
  read: (data) => data.trialRequests(),
  reply: trialsReply,
});
