import type { SealedPlace, Sealer } from '../redis/sealer.js';
import { ClubRecordError, parseClubRecord, type ClubRecord } from './club-record.js';
import { z } from 'zod';
import { readStoredJson } from '../redis/stored-json.js';

/**
 * A club's record as Redis holds it did not pass its check: written outside the bot, moved from
 * another club, written by a bot older than the data format, or sealed under a key that is not
 * configured. Nothing of it is used: neither its URL nor its token nor its policy.
 */
export class ClubRecordRefusedError extends Error {
  constructor(
    readonly club: string,
    reason: string,
  ) {
    super(
      `The record of club "${club}" in Redis was refused: ${reason}. Nothing was sent to its service. ` +
        'If CLUB_DATA_KEY is right, the record was changed outside the bot: ask the deployment’s ' +
        `operator to check it, then remove and add the club again (club remove ${club}; club add …).`,
    );
    this.name = 'ClubRecordRefusedError';
  }
}

/** Where a club's record is sealed: its field of the registry's records, bound to the club. */
function recordAt(key: string, id: string): SealedPlace {
  return { kind: 'club-record', key, field: id };
}

/**
 * The record sealed whole (URL, layout, limits, policy, chat ids, token): a value changed in Redis,
 * or copied to another club's field, does not open.
 */
export function sealClubRecord(sealer: Sealer, key: string, record: ClubRecord): string {
  return sealer.forClub(record.id).sealJson(record, recordAt(key, record.id));
}

/** The record in field `id`, checked and parsed, or throws {@link ClubRecordRefusedError}. */
export function openClubRecord(sealer: Sealer, key: string, id: string, text: string): ClubRecord {
  if (text.startsWith('{')) {
    throw new ClubRecordRefusedError(
      id,
      'it is not sealed (written before data format 2, or outside the bot); `club-bot migrate` seals records written by an older bot',
    );
  }
  // Read as anything here: parsed() checks it against the record's schema, naming what is wrong.
  const opened = sealer.forClub(id).openJsonOrAbsent(text, recordAt(key, id), z.unknown());
  if (opened === undefined) {
    throw new ClubRecordRefusedError(id, 'it does not open under CLUB_DATA_KEY');
  }
  return parsed(id, opened);
}

/**
 * A record as data format 1 wrote it (plain JSON, its token sealed alone, with no associated data),
 * for the migration that seals it whole. Throws {@link ClubRecordRefusedError}.
 */
export function openFormatOneClubRecord(sealer: Sealer, id: string, text: string): ClubRecord {
  // The rest of it is checked whole by parsed(), once its token is opened.
  const stored = readStoredJson(text, z.looseObject({ token: z.unknown() }));
  if (!stored) throw new ClubRecordRefusedError(id, 'it is neither sealed nor JSON');
  const token = typeof stored.token === 'string' ? stored.token : '';
  if (!token.startsWith('s1.')) throw new ClubRecordRefusedError(id, 'its token is not sealed');
  let plainToken: string;
  try {
    // An s1 value carries no associated data: any place opens it.
    plainToken = sealer.open(token, { kind: 'club-record', key: '', field: id });
  } catch {
    throw new ClubRecordRefusedError(id, 'its token does not open under CLUB_DATA_KEY');
  }
  return parsed(id, { ...stored, token: plainToken });
}

function parsed(id: string, value: unknown): ClubRecord {
  let record: ClubRecord;
  try {
    record = parseClubRecord(value);
  } catch (error) {
    const problems = error instanceof ClubRecordError ? error.problems.join('; ') : 'not a record';
    throw new ClubRecordRefusedError(id, `it is not a valid record (${problems})`);
  }
  if (record.id !== id) throw new ClubRecordRefusedError(id, `it names another club`);
  return record;
}
