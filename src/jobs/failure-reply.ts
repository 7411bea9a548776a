import { ClubError } from '../club/club-errors.js';
import type { PersonShareSpentError } from '../budget/person-share.js';
import { textReply, type Reply } from '../core/reply.js';

/**
 * What a person is told when their command failed for good: what failed and what to do, never a
 * stack trace. `reference` (the correlation id) lets an admin find the log lines.
 */
export function failureReply(error: unknown, reference: string): Reply {
  const text = (() => {
    if (!(error instanceof ClubError)) {
      return `Something went wrong on the bot's side, sorry. Please try again; if it keeps happening, tell the club's bot admin (reference ${reference}).`;
    }
    switch (error.code) {
      case 'unauthorised':
        return "The club's records service refused the bot's access key. The club's bot admin needs to reset the API token; nothing you did caused this.";
      case 'not-found':
        return 'That record is no longer in the club’s records (it may have been removed). Try the command again.';
      case 'validation':
        return `The club's records service refused the request: ${error.serviceMessage || 'no reason given'}.`;
      case 'service-fault':
      case 'budget-exhausted':
        return "The club's records service is not answering right now. Please try again in a few minutes.";
    }
  })();
  return textReply(text, { tone: 'error', title: 'Sorry, that did not work' });
}

/** Told once when a job must wait for the daily budget. */
export function queuedReply(kind: 'answer' | 'submission', until: number, timezone: string): Reply {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(until));
  const text =
    kind === 'answer'
      ? `The club's daily allowance of calls to its records service is used up, and this needs fresh data. Your answer is queued and should come around ${when}.`
      : `Your form is saved. The club's daily allowance of calls to its records service is used up, so it will be filed around ${when}; you will get a confirmation then.`;
  return { ...textReply(text, { tone: 'warning', title: 'Queued' }), interim: true };
}

/** Told when a person has spent their own daily share (see `createPersonShare`). */
export function shareSpentText(error: PersonShareSpentError, timezone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(error.retryAt));
  return error.kind === 'calls'
    ? `You have asked for a lot of fresh data today, and the club's daily allowance of calls is shared by everyone. Answers the bot already holds still come at once; you can ask for fresh data again from ${when}.`
    : `You have filed the most forms one person may file in a day. You can file again from ${when}; if this is urgent, contact the welfare officer directly.`;
}

export function shareSpentReply(error: PersonShareSpentError, timezone: string): Reply {
  return textReply(shareSpentText(error, timezone), {
    tone: 'warning',
    title: 'Your share for today is used up',
  });
}
