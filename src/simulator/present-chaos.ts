import type { SchemaFields } from './read-schema-fields.js';
import { asGuidObjects, hash, schemaOf, withAddressOnlyEntry } from './real-wire-shape.js';
import type { StoredCollection, WireRecord } from './simulator-collections.js';

const userSpellings = {
  Firstname: 'FirstName',
  Lastname: 'LastName',
  DOB: 'Dob',
  ASANumber: 'AsaNumber',
  AsaCategory: 'ASACategory',
};

/** The other spellings the service has used (club-service-notes.md), per collection. */
const spellings: Partial<Record<StoredCollection | 'CommitteeMembers', Record<string, string>>> = {
  Users: userSpellings,
  CommitteeMembers: userSpellings,
  WaitingList: { DOB: 'Dob' },
  // The spec's table says FirstName/LastName; its sample response says Firstname/Lastname.
  TrialRequests: { FirstName: 'Firstname', LastName: 'Lastname' },
};

/** A flag in one of the forms it has taken on the wire: 1/0, "1"/"0" or "Yes"/"No". */
function flagIn(form: number, on: boolean): unknown {
  if (form === 0) return on ? 1 : 0;
  if (form === 1) return on ? '1' : '0';
  return on ? 'Yes' : 'No';
}

/**
 * The `chaos` profile: every form the service has used, mixed record by record. Flags are 1/0,
 * "1"/"0" or "Yes"/"No", chosen by a hash of the record's Guid so the same record always looks the
 * same; drifting names take their other spelling; relationship lists are `[{ Guid }]`; every field
 * of the schema is present, `""` when empty; an email list also names an address-only entry. No
 * host sends such a mix (one host has one form per field): it tests our own decoder. Such records
 * are NOT valid against the document, which is the point: the client must read them anyway.
 */
export function presentChaos(
  collection: StoredCollection | 'CommitteeMembers',
  fields: Readonly<Record<StoredCollection, SchemaFields>>,
): (record: WireRecord) => WireRecord {
  const schema = schemaOf(collection, fields);
  const names = spellings[collection] ?? {};
  return (record) => {
    const guid = typeof record.Guid === 'string' ? record.Guid : '';
    const form = hash(guid) % 3;
    const mixed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      let sent = asGuidObjects(key, value);
      if (schema.flags.has(key) && (value === 0 || value === 1)) sent = flagIn(form, value === 1);
      mixed[names[key] ?? key] = sent;
    }
    for (const field of schema.all) {
      const spelled = names[field] ?? field;
      if (mixed[spelled] === undefined) mixed[spelled] = '';
    }
    if (collection === 'EmailLists') withAddressOnlyEntry(mixed, guid);
    return mixed;
  };
}
