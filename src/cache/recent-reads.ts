/**
 * A memory of this process's reads for `reuseMs`: the same key within it is answered by the same
 * read (pending or done), never by a new club call; a read that fails is forgotten at once. It
 * lives in memory only, so nothing it holds reaches Redis.
 */
export function recentReads<T>(
  reuseMs: number,
  now: () => number,
): (key: string, read: () => Promise<T>) => Promise<T> {
  const recent = new Map<string, { at: number; value: Promise<T> }>();
  return (key, read) => {
    for (const [held, entry] of recent) {
      if (now() - entry.at >= reuseMs) recent.delete(held);
    }
    const known = recent.get(key);
    if (known) return known.value;
    const value = read();
    recent.set(key, { at: now(), value });
    value.catch(() => recent.delete(key));
    return value;
  };
}
