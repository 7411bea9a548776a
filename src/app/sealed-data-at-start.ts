import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { checkSealedData, sealedDataPart, WrongDataKeyError } from '../ops/check-sealed-data.js';
import type { PartCheck } from '../ops/health-part.js';
import { DataFormatError, DataFormatMarkerError, migrateData } from '../redis/data-format.js';
import type { SealedScope } from '../redis/sealed-values.js';
import type { Sealer } from '../redis/sealer.js';

/**
 * What each process does with Redis's sealed data before it takes work: opens a sample of every
 * kind (a wrong CLUB_DATA_KEY stops the start, naming it), then brings the data to the current
 * format. Resolves the readiness part that reports values that did not open, or undefined when
 * the start is refused (said in the log).
 */
export async function sealedDataAtStart(options: {
  redis: Redis;
  sealer: Sealer;
  scope: SealedScope;
  logger: Logger;
}): Promise<PartCheck | undefined> {
  const { redis, sealer, scope, logger } = options;
  try {
    const sample = await checkSealedData(redis, sealer, scope);
    if (Object.keys(sample.unopenable).length > 0) {
      logger.warn(
        { unopenable: sample.unopenable, sampled: sample.sampled },
        'some sealed values do not open under CLUB_DATA_KEY; they are taken as absent',
      );
    }
    const migration = await migrateData(redis, sealer, scope);
    if (migration.report) {
      const counts = Object.fromEntries(
        [...migration.report].map(([kind, count]) => [kind, count.resealed]),
      );
      logger.info(
        { from: migration.from, to: migration.to, sealed: counts },
        `the data in Redis was brought from format ${migration.from} to ${migration.to}`,
      );
    }
    const part = sealedDataPart(sample);
    return () => part;
  } catch (error) {
    if (!(
      error instanceof WrongDataKeyError ||
      error instanceof DataFormatError ||
      error instanceof DataFormatMarkerError
    )) {
      throw error;
    }
    logger.fatal(error.message);
    return undefined;
  }
}
