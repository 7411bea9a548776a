/** How many calls one route answered with one status. */
export interface CallCount {
  method: string;
  /** The document's path template (`/api/Users/{guid}`), or `(unknown)` for a path it lacks. */
  path: string;
  /** The HTTP status; 0 for a call that was never answered (an injected hang). */
  status: number;
  count: number;
}

/** Calls received on the club API (the admin surface is not counted). */
export interface CallCounts {
  total: number;
  calls: CallCount[];
}

export interface CallLog {
  record(method: string, path: string, status: number): void;
  counts(): CallCounts;
  reset(): void;
}

export function createCallLog(): CallLog {
  let counts = new Map<string, CallCount>();
  let total = 0;
  return {
    record(method, path, status) {
      total += 1;
      const key = `${method} ${path} ${status}`;
      const found = counts.get(key);
      if (found) found.count += 1;
      else counts.set(key, { method, path, status, count: 1 });
    },
    counts: () => ({
      total,
      calls: [...counts.values()]
        .map((entry) => ({ ...entry }))
        .sort(
          (a, b) =>
            a.path.localeCompare(b.path) || a.method.localeCompare(b.method) || a.status - b.status,
        ),
    }),
    reset() {
      counts = new Map();
      total = 0;
    },
  };
}
