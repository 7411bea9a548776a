import type { Cached } from './club-data.js';

/** A footer stating how old the data is, e.g. "Club data from 4 minutes ago". */
export function dataAge(
  sources: readonly Pick<Cached<unknown>, 'fetchedAt' | 'stale'>[],
  now: Date,
): string {
  if (sources.length === 0) return '';
  const oldest = Math.min(...sources.map((source) => source.fetchedAt));
  const minutes = Math.max(0, Math.floor((now.getTime() - oldest) / 60_000));
  const age =
    minutes < 1
      ? 'just now'
      : minutes < 120
        ? `${minutes} minute${minutes === 1 ? '' : 's'} ago`
        : `${Math.floor(minutes / 60)} hours ago`;
  const stale = sources.some((source) => source.stale);
  return stale
    ? `Club data from ${age} (the club service could not be asked for newer)`
    : `Club data from ${age}`;
}
