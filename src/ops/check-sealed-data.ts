import type { Redis } from 'ioredis';
import { sealedValues, type SealedScope } from '../redis/sealed-values.js';
import type { SealedKind, Sealer } from '../redis/sealer.js';
import type { HealthPart } from './health-part.js';

/** No sealed value in Redis opens under CLUB_DATA_KEY: the key is wrong, or the wrong Redis. */
export class WrongDataKeyError extends Error {
  constructor(sampled: number) {
    super(
      `CLUB_DATA_KEY opens none of the ${sampled} sealed values sampled in Redis: it is not the key ` +
        'they were sealed with (or REDIS_URL names another deployment’s Redis). Set CLUB_DATA_KEY ' +
        'to the key this deployment uses, or during a rotation to "<new>,<old>". Started with a ' +
        'wrong key, the bot would lose digests, links and state, and spend the day’s calls ' +
        'loading the cache again.',
    );
    this.name = 'WrongDataKeyError';
  }
}

/** How many values of each kind were sampled, and how many of them did not open. */
export interface SealedSample {
  sampled: number;
  unopenable: Partial<Record<SealedKind, number>>;
}

/** Options for {@link checkSealedData}. */
export interface CheckSealedDataOptions {
  /** Values looked at per kind. Default: 20. */
  perKind?: number;
  /** Keys looked at in all, so a large deployment starts in time. Default: 20,000. */
  maxKeys?: number;
}

/**
 * Opens a sample of the sealed values of every kind under the configured keys. Throws
 * {@link WrongDataKeyError} when values were found and none opens; otherwise returns the sample,
 * with the count per kind of those that did not open.
 */
export async function checkSealedData(
  redis: Redis,
  sealer: Sealer,
  scope: SealedScope,
  options: CheckSealedDataOptions = {},
): Promise<SealedSample> {
  const perKind = options.perKind ?? 20;
  const taken = new Map<SealedKind, number>();
  const sample: SealedSample = { sampled: 0, unopenable: {} };
  let opened = 0;
  const values = sealedValues(redis, scope, {
    maxKeys: options.maxKeys ?? 20_000,
    wants: (kind) => (taken.get(kind) ?? 0) < perKind,
  });
  for await (const value of values) {
    const count = taken.get(value.kind) ?? 0;
    // What the bot never sealed (written in clear by an older format, or by someone else) says
    // nothing of the key: the migration seals the former, reads refuse the latter.
    if (count >= perKind || !/^s[12]\./.test(value.text)) continue;
    taken.set(value.kind, count + 1);
    sample.sampled += 1;
    if (sealer.forClub(value.club).status(value.text, value.place) !== 'unopenable') opened += 1;
    else sample.unopenable[value.kind] = (sample.unopenable[value.kind] ?? 0) + 1;
  }
  if (sample.sampled > 0 && opened === 0) throw new WrongDataKeyError(sample.sampled);
  return sample;
}

/**
 * The sample as a readiness part, saying how many values of each kind did not open. It stays
 * ready: such values are taken as absent, and the rest of the bot works.
 */
export function sealedDataPart(sample: SealedSample): HealthPart {
  const kinds = Object.entries(sample.unopenable);
  if (kinds.length === 0) return { ok: true, detail: `${sample.sampled} sealed values sampled` };
  const counts = kinds.map(([kind, count]) => `${count} ${kind}`).join(', ');
  return {
    ok: true,
    detail: `sealed values that no key in CLUB_DATA_KEY opens: ${counts} (of ${sample.sampled} sampled)`,
  };
}
