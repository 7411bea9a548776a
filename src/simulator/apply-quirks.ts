import type { SchemaFields } from './read-schema-fields.js';
import type { ServedCollection, StoredCollection, WireRecord } from './simulator-collections.js';

const userSpellings = {
  Firstname: 'FirstName',
  Lastname: 'LastName',
  DOB: 'Dob',
  ASANumber: 'AsaNumber',
  AsaCategory: 'ASACategory',
};

/** The other spellings the real service has used (club-service-notes.md), per collection. */
const spellings: Partial<Record<ServedCollection, Record<string, string>>> = {
  Users: userSpellings,
  CommitteeMembers: userSpellings,
  WaitingList: { DOB: 'Dob' },
  // The spec's table says FirstName/LastName; its sample response says Firstname/Lastname.
  TrialRequests: { FirstName: 'Firstname', LastName: 'Lastname' },
};

/**
 * Quirk mode: a record as the real service sometimes sends it, with flags as "Yes"/"No" and the
 * other spellings of drifting field names, in the same key order. Such records are NOT valid
 * against the document (it declares flags as 1/0 and the spec's names), which is the point: the
 * client must read them anyway.
 */
export function applyQuirks(
  collection: ServedCollection,
  fields: Readonly<Record<StoredCollection, SchemaFields>>,
): (record: WireRecord) => WireRecord {
  const { flags } = fields[collection === 'CommitteeMembers' ? 'Users' : collection];
  const names = spellings[collection] ?? {};
  return (record) => {
    const quirky: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      const flagged = flags.has(key) && (value === 0 || value === 1);
      quirky[names[key] ?? key] = flagged ? (value === 1 ? 'Yes' : 'No') : value;
    }
    return quirky;
  };
}
