import type { Logger } from '../log.js';
import { createSealer, type Sealer } from '../redis/sealer.js';

/** A process's sealer over CLUB_DATA_KEY, warning once per kind of a value that does not open. */
export function loggedSealer(dataKey: string, logger: Logger, club = ''): Sealer {
  return createSealer(dataKey, {
    club,
    onUnopenable: (kind, reason) =>
      logger.warn({ kind }, `a sealed ${kind} value was taken as absent: ${reason}`),
  });
}
