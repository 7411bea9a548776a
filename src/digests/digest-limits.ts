import type { Subscription } from './subscription-store.js';

/**
 * How many digests one person may add, and how many may post in one channel: a day's worth of
 * digests is a handful, and each run costs club calls and a job scheduler.
 */
export const digestLimits = { perPerson: 10, perChannel: 10 } as const;

/** A subscription over a limit: whose, and the most allowed. */
export interface DigestLimitReached {
  limit: 'person' | 'channel';
  max: number;
}

/** Whether `added`, now stored among `all`, takes its adder or its channel over a limit. */
export function overDigestLimit(
  all: readonly Subscription[],
  added: Subscription,
): DigestLimitReached | undefined {
  const byAdder = all.filter(
    (s) =>
      s.addedBy.platform === added.addedBy.platform && s.addedBy.userId === added.addedBy.userId,
  );
  if (byAdder.length > digestLimits.perPerson) {
    return { limit: 'person', max: digestLimits.perPerson };
  }
  if (added.channelId === undefined) return undefined;
  const inChannel = all.filter(
    (s) =>
      s.platform === added.platform && s.teamId === added.teamId && s.channelId === added.channelId,
  );
  if (inChannel.length > digestLimits.perChannel) {
    return { limit: 'channel', max: digestLimits.perChannel };
  }
  return undefined;
}
