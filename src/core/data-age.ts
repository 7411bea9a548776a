import type { Cached } from './club-data.js';

/** A footer stating how old the data is, e.g. "Club data from 4 minutes ago". */
export function dataAge(
  sources: readonly Pick<Cached<unknown>, 'fetchedAt' | 'stale' | 'refreshFailed'>[],
  now: Date,
): string {
  if (sources.length === 0) return '';
  const oldest = Math.min(...sources.map((source) => source.fetchedAt));
  const age = timeAgo(oldest, now);
  // Only what is known: a refresh that failed, or one that is under way for a stale copy.
  if (sources.some((source) => source.refreshFailed))
    return `Club data from ${age} (the club service could not be asked for newer)`;
  if (sources.some((source) => source.stale)) return `Club data from ${age} (newer is on its way)`;
  return `Club data from ${age}`;
}

/** How long ago an instant (epoch ms) was: "just now", "4 minutes ago", "3 hours ago". */
export function timeAgo(instant: number, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - instant) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  return `${Math.floor(minutes / 60)} hours ago`;
}
