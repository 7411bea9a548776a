import type { Redis } from 'ioredis';
import { sealedValues, type SealedScope } from './sealed-values.js';
import type { SealedPlace, Sealer } from './sealer.js';
import { clubKeys, registryKeys } from './club-keys.js';
import { z } from 'zod';

/** Where the deployment's data-format version is kept (one for all its clubs). */
export function dataFormatKey(scope: SealedScope): string {
  return scope.mode === 'single'
    ? clubKeys(scope.prefix).dataFormat
    : registryKeys(scope.root).dataFormat;
}

function placeOf(scope: SealedScope): SealedPlace {
  return { kind: 'data-format', key: dataFormatKey(scope) };
}

/**
 * The version the marker holds, or undefined when it is absent or does not open: sealed to its
 * key, so one deleted, forged or copied from elsewhere is not believed.
 */
export async function readDataFormat(
  redis: Redis,
  sealer: Sealer,
  scope: SealedScope,
): Promise<number | undefined> {
  const text = await redis.get(dataFormatKey(scope));
  return sealer.forClub('').openJsonOrAbsent(text, placeOf(scope), z.number().int());
}

export async function writeDataFormat(
  redis: Redis,
  sealer: Sealer,
  scope: SealedScope,
  version: number,
): Promise<void> {
  await redis.set(dataFormatKey(scope), sealer.forClub('').sealJson(version, placeOf(scope)));
}

/** Whether any value under the scope is sealed in format 2 (`s2.`), the marker aside. */
export async function holdsSealedValues(redis: Redis, scope: SealedScope): Promise<boolean> {
  for await (const value of sealedValues(redis, scope)) {
    if (value.kind !== 'data-format' && value.text.startsWith('s2.')) return true;
  }
  return false;
}
