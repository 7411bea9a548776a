import type { HealthPart } from './health-part.js';

/** Options for {@link watchEventLoop}. */
export interface EventLoopWatchOptions {
  /** How often the watch's timer should fire. Default: 1,000 ms. */
  intervalMs?: number;
  /** A timer later than this means the loop is stuck. Default: 5,000 ms. */
  maxLagMs?: number;
  now?: () => number;
}

/** Whether this process's event loop still turns, judged by how late a repeating timer fires. */
export interface EventLoopWatch {
  part(): HealthPart;
  stop(): void;
}

/**
 * A timer notes each time it fires and how late it was. A loop blocked now shows as a timer not
 * fired; one just unblocked (the probe waited behind the block) as the last firing's lateness.
 */
export function watchEventLoop(options: EventLoopWatchOptions = {}): EventLoopWatch {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 1_000;
  const maxLagMs = options.maxLagMs ?? 5_000;
  let lastTurn = now();
  let lastLateness = 0;
  const timer = setInterval(() => {
    const turn = now();
    lastLateness = turn - lastTurn - intervalMs;
    lastTurn = turn;
  }, intervalMs);
  timer.unref();
  return {
    part() {
      const lag = Math.max(lastLateness, now() - lastTurn - intervalMs);
      return lag > maxLagMs
        ? { ok: false, detail: `the event loop has not turned for ${Math.round(lag / 1000)} s` }
        : { ok: true, detail: 'turning' };
    },
    stop: () => clearInterval(timer),
  };
}
