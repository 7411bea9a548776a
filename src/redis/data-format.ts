import type { Redis } from 'ioredis';
import { openFormatOneClubRecord, sealClubRecord } from '../hosting/sealed-club-record.js';
import {
  dataFormatKey,
  holdsSealedValues,
  readDataFormat,
  writeDataFormat,
} from './data-format-marker.js';
import { resealValues, type ResealReport } from './reseal.js';
import type { SealedScope, SealedValue } from './sealed-values.js';
import type { Sealer } from './sealer.js';
import { z } from 'zod';
import { readStoredJson } from './stored-json.js';

/**
 * The shape of what this bot keeps in Redis. 1: before it was written down (values sealed as
 * `s1.` with no associated data; member links, invites and registry records in clear). 2: every
 * value sealed to its key, field and club (`s2.`), records, links and invites included.
 */
export const currentDataFormat = 2;

/** Redis holds data of a newer format than this bot knows: it would misread it. */
export class DataFormatError extends Error {
  constructor(where: string, found: number) {
    super(
      `${where} holds data format ${found}, newer than this bot's ${currentDataFormat}: ` +
        'a newer version of the bot wrote it. Run that version (or newer); an older bot cannot ' +
        'read it, and nothing was changed.',
    );
    this.name = 'DataFormatError';
  }
}

/**
 * The marker is missing (or does not open) while Redis holds values sealed in format 2: it was
 * deleted or forged, so values in clear there are not sealed as if the bot had written them.
 */
export class DataFormatMarkerError extends Error {
  constructor(key: string) {
    super(
      `${key} (the data format's marker) is missing or does not open under CLUB_DATA_KEY, yet ` +
        'Redis holds data sealed in the current format: someone deleted or changed it. Nothing ' +
        'was migrated or changed. Find out who wrote to Redis, then ask the maintainer (see ' +
        'docs/operations.md, Upgrading) before writing the marker again.',
    );
    this.name = 'DataFormatMarkerError';
  }
}

/** What a migration did (or, dry, would do). */
export interface Migration {
  /** The format found (1 when the marker is absent and no value is sealed in format 2). */
  from: number;
  to: number;
  /** Counts per kind of the values the step to format 2 sealed (or would seal). */
  report?: ResealReport;
}

/**
 * Brings a deployment's data to the current format, or throws {@link DataFormatError} when it is
 * newer, {@link DataFormatMarkerError} when its marker was lost while format-2 values exist. Safe
 * to run from several processes at once: each value is rewritten only if unchanged since read,
 * and the marker is written last. With `dryRun`, changes nothing.
 */
export async function migrateData(
  redis: Redis,
  sealer: Sealer,
  scope: SealedScope,
  options: { dryRun?: boolean } = {},
): Promise<Migration> {
  const found = await readDataFormat(redis, sealer, scope);
  if (found !== undefined && found > currentDataFormat) {
    throw new DataFormatError(dataFormatKey(scope), found);
  }
  if (found === currentDataFormat) return { from: found, to: currentDataFormat };
  // Only a deployment that never wrote format 2 is migrated: its clear values are the bot's own.
  if (await holdsSealedValues(redis, scope)) throw new DataFormatMarkerError(dataFormatKey(scope));
  const report = await resealValues(redis, sealer, scope, {
    dryRun: options.dryRun,
    sealPlain: sealFormatOnePlain,
  });
  if (!options.dryRun) await writeDataFormat(redis, sealer, scope, currentDataFormat);
  return { from: 1, to: currentDataFormat, report };
}

/**
 * The step from format 1: what it wrote in clear, sealed to its place. A registry record's token
 * was sealed alone; its record is opened with it and sealed whole.
 */
function sealFormatOnePlain(value: SealedValue, sealer: Sealer): string | undefined {
  if (value.text.startsWith('s1.') || value.text.startsWith('s2.')) return undefined;
  try {
    return sealedFromClear(value, sealer);
  } catch {
    // Not what format 1 wrote there: left as it is, and counted unreadable.
    return undefined;
  }
}

function sealedFromClear(value: SealedValue, sealer: Sealer): string | undefined {
  const { text, place } = value;
  switch (value.kind) {
    case 'member-link':
      return /^[\w-]{1,100}$/.test(text) ? sealer.sealJson(text, place) : undefined;
    case 'invite': {
      const invite = readStoredJson(text, z.object({ club: z.string(), expiresAt: z.number() }));
      return invite ? sealer.sealJson(invite, place) : undefined;
    }
    case 'club-record': {
      const record = openFormatOneClubRecord(sealer, value.club, text);
      return sealClubRecord(sealer, place.key, record);
    }
    default:
      return undefined;
  }
}
