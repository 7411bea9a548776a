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

/** A flag in one of the forms it has taken on the wire: 1/0, "1"/"0" or "Yes"/"No". */
function flagIn(form: number, on: boolean): unknown {
  if (form === 0) return on ? 1 : 0;
  if (form === 1) return on ? '1' : '0';
  return on ? 'Yes' : 'No';
}

/** Lists the spec gives as Guids and the real service sends as `{ Guid }` objects. */
const relationshipLists = new Set(['Parents', 'Swimmers', 'SessionRestrictions']);

/**
 * Quirk mode: a record as the real service sends it. Flags are 1/0, "1"/"0" or "Yes"/"No", chosen
 * by a hash of the record's Guid so the same record always looks the same; drifting names take
 * their other spelling; relationship lists are `[{ Guid }]`; every field of the schema is present,
 * `""` when empty; an email list also names an address-only entry that is no member. Such records
 * are NOT valid against the document, which is the point: the client must read them anyway.
 */
export function applyQuirks(
  collection: ServedCollection,
  fields: Readonly<Record<StoredCollection, SchemaFields>>,
): (record: WireRecord) => WireRecord {
  const schema = fields[collection === 'CommitteeMembers' ? 'Users' : collection];
  const names = spellings[collection] ?? {};
  return (record) => {
    const guid = typeof record.Guid === 'string' ? record.Guid : '';
    const form = hash(guid) % 3;
    const quirky: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      let sent = value;
      if (schema.flags.has(key) && (value === 0 || value === 1)) sent = flagIn(form, value === 1);
      if (relationshipLists.has(key) && Array.isArray(value))
        sent = value.map((Guid) => ({ Guid }));
      quirky[names[key] ?? key] = sent;
    }
    for (const field of schema.all) {
      const spelled = names[field] ?? field;
      if (quirky[spelled] === undefined) quirky[spelled] = '';
    }
    if (collection === 'EmailLists' && Array.isArray(quirky.Members)) {
      quirky.Members = [...(quirky.Members as unknown[]), { Guid: addressOnlyGuid(guid) }];
    }
    return quirky;
  };
}

/** The Guid of an email list's address-only entry: someone on the list who is no member. */
export function addressOnlyGuid(listGuid: string): string {
  return `address-only-${hash(listGuid).toString(16).padStart(8, '0')}`;
}

/** FNV-1a: a small, stable hash of a text. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
