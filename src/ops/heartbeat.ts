import type { HealthPart } from './health-part.js';

/** Options for {@link createHeartbeat}. */
export interface HeartbeatOptions {
  /** What beats, for the detail, e.g. "the worker". */
  what: string;
  /** A last beat older than this is not ready. Default: 60,000 ms. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * A beat kept in this process's memory: another process's beats never count, so a stuck worker
 * is seen as stuck even while the others beat.
 */
export interface Heartbeat {
  beat(): void;
  part(): HealthPart;
}

export function createHeartbeat(options: HeartbeatOptions): Heartbeat {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  let last: number | undefined;
  return {
    beat() {
      last = now();
    },
    part() {
      if (last === undefined) return { ok: false, detail: `${options.what} has not beaten yet` };
      const age = now() - last;
      return {
        ok: age <= maxAgeMs,
        detail: `${options.what} last beat ${Math.round(age / 1000)} s ago`,
      };
    },
  };
}
