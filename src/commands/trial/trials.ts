import type { TrialRequest } from '../../club/domain.js';
import { clubToday, formatDay, shownAge } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge } from '../../core/data-age.js';
import type { Reply } from '../../core/reply.js';

/** Pure: trial requests, newest first (undated ones last), with ages on `today` (yyyy-mm-dd). */
export function trialsReply(trials: readonly TrialRequest[], today: string): Reply {
  if (trials.length === 0) {
    return {
      title: 'Trial requests',
      sections: [{ kind: 'text', text: 'There are no trial requests.' }],
      visibility: 'asker',
      personalData: false,
    };
  }
  const newestFirst = [...trials].sort((a, b) =>
    (b.dateAdded ?? '').localeCompare(a.dateAdded ?? ''),
  );
  return {
    title: `Trial requests: ${trials.length}`,
    sections: [
      {
        kind: 'table',
        columns: ['Name', 'Born', 'Age', 'Email', 'Added'],
        rows: newestFirst.map((trial) => [
          `${trial.firstName} ${trial.lastName}`.trim(),
          trial.dateOfBirth ? formatDay(trial.dateOfBirth, today) : 'Not given',
          shownAge(trial.dateOfBirth, today),
          trial.email ?? '',
          trial.dateAdded ? formatDay(trial.dateAdded, today) : 'Not recorded',
        ]),
      },
    ],
    visibility: 'asker',
    personalData: true,
  };
}

export const trials = {
  kind: 'query',
  name: 'trials',
  description: 'Trial session requests, newest first.',
  options: [],
  examples: ['/trials'],
  roles: ['membership'],
  personalData: true,
  needsClub: true,
  async handle({ data, now, timezone }) {
    const all = await data.trialRequests();
    return { ...trialsReply(all.value, clubToday(now, timezone)), footer: dataAge([all], now) };
  },
} satisfies CommandDefinition;
