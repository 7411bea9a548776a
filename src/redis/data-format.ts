import type { Redis } from 'ioredis';
import { clubPrefix } from '../clubs/club-keys.js';
import { openFormatOneClubRecord, sealClubRecord } from '../clubs/sealed-club-record.js';
import { resealValues, type ResealReport } from './reseal.js';
import type { SealedScope, SealedValue } from './sealed-values.js';
import type { Sealer } from './sealer.js';

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

/** Where the data format's version is kept: one key for the deployment, one per hosted club. */
export function dataFormatKeys(scope: SealedScope, clubIds: readonly string[] = []): string[] {
  if (scope.mode === 'single') return [`${scope.prefix}:data-format`];
  return [
    `${scope.root}:{clubs}:data-format`,
    ...clubIds.map((id) => `${clubPrefix(id, scope.root)}:data-format`),
  ];
}

/** What a migration did (or, dry, would do). */
export interface Migration {
  /** The format found (the oldest of the deployment's and its clubs'). */
  from: number;
  to: number;
  /** Counts per kind of the values the step to format 2 sealed (or would seal). */
  report?: ResealReport;
}

/**
 * Brings a deployment's data to the current format, or throws {@link DataFormatError} when some of
 * it is newer. Safe to run from several processes at once: each value is rewritten only if
 * unchanged since read, and the version is written last. With `dryRun`, changes nothing.
 */
export async function migrateData(
  redis: Redis,
  sealer: Sealer,
  scope: SealedScope,
  options: { dryRun?: boolean } = {},
): Promise<Migration> {
  const keys = await formatKeysOf(redis, scope);
  const found = (await redis.mget(...keys)).map((text) => Number(text ?? 1));
  keys.forEach((key, index) => {
    if (found[index]! > currentDataFormat) throw new DataFormatError(key, found[index]!);
  });
  const from = Math.min(...found);
  if (from >= currentDataFormat) return { from, to: currentDataFormat };
  const report = await resealValues(redis, sealer, scope, {
    dryRun: options.dryRun,
    sealPlain: sealFormatOnePlain,
  });
  if (!options.dryRun) {
    // A hosted club added from now on starts at the current format: its key is written here.
    const all = await formatKeysOf(redis, scope);
    await redis.mset(...all.flatMap((key) => [key, String(currentDataFormat)]));
  }
  return { from, to: currentDataFormat, report };
}

/** The version keys of the deployment and of every club with data (its id from its keys). */
async function formatKeysOf(redis: Redis, scope: SealedScope): Promise<string[]> {
  if (scope.mode === 'single') return dataFormatKeys(scope);
  const records = await redis.hkeys(`${scope.root}:{clubs}:records`);
  return dataFormatKeys(scope, records);
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
      const { club, expiresAt } = JSON.parse(text) as { club?: unknown; expiresAt?: unknown };
      if (typeof club !== 'string' || typeof expiresAt !== 'number') return undefined;
      return sealer.sealJson({ club, expiresAt }, place);
    }
    case 'club-record': {
      const record = openFormatOneClubRecord(sealer, value.club, text);
      return sealClubRecord(sealer, place.key, record);
    }
    default:
      return undefined;
  }
}
