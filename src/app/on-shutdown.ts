import type { Logger } from '../log.js';
import { describeError } from '../errors.js';

/**
 * Stops gracefully on SIGINT or SIGTERM: `stop` stops taking jobs, lets active ones finish (or
 * hands them back) and closes Redis. A second signal exits at once.
 */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: describeError(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second SIGTERM must reach `handle` too, to exit at once.
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

/** Stops what was started, the last started first; one that fails does not keep the rest running. */
export async function stopInReverse(stops: readonly (() => Promise<void>)[]): Promise<void> {
  for (const stop of [...stops].reverse()) await stop().catch(() => undefined);
}
