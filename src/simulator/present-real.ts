import type { SchemaFields } from './read-schema-fields.js';
import { asGuidObjects, schemaOf, withAddressOnlyEntry } from './real-wire-shape.js';
import type { StoredCollection, WireRecord } from './simulator-collections.js';

/** The members' field the real service spells otherwise than the document (`AsaCategory`). */
const memberSpellings: Readonly<Record<string, string>> = { AsaCategory: 'ASACategory' };

/** Member flags the real service sends beyond the spec's (club-service-notes.md). */
export const extraMemberFlags = [
  'Masters',
  'SynchronisedSwimming',
  'WaterPolo',
  'OpenWater',
  'LTSTeacher',
  'LifeSaving',
] as const;

/** Which real host: older ones send member flags as "1"/"0", newer (since mid-2025) "Yes"/"No". */
export type RealHost = 'older' | '2025';

/**
 * The `real` profile: a record as the real service sends it, one fixed form per field
 * (club-service-notes.md, "One host, one form per field"). Members carry `Firstname`, `Lastname`,
 * `DOB`, `ASANumber`, `ASACategory` and their flags as strings ("1"/"0", or "Yes"/"No" on a 2025
 * host), the notes' extra flags included (off); every other flag keeps the spec's integer, so a
 * session's `Archived` is an unquoted 0 or 1. Relationship lists are `[{ Guid }]`; every field of
 * the schema is present, `""` when empty (`[]` for a list, off for a member flag); an email list also names an
 * address-only entry. Other collections keep the document's names: the notes name no others.
 */
export function presentAsReal(
  collection: StoredCollection | 'CommitteeMembers',
  fields: Readonly<Record<StoredCollection, SchemaFields>>,
  host: RealHost,
): (record: WireRecord) => WireRecord {
  const schema = schemaOf(collection, fields);
  const members = collection === 'Users' || collection === 'CommitteeMembers';
  const [on, off] = host === '2025' ? ['Yes', 'No'] : ['1', '0'];
  const spelled = (key: string) => (members ? (memberSpellings[key] ?? key) : key);
  return (record) => {
    const sent: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      const memberFlag = members && schema.flags.has(key) && (value === 0 || value === 1);
      sent[spelled(key)] = memberFlag ? (value === 1 ? on : off) : asGuidObjects(key, value);
    }
    for (const field of schema.all) {
      const memberFlag = members && schema.flags.has(field);
      sent[spelled(field)] ??= memberFlag ? off : schema.lists.has(field) ? [] : '';
    }
    if (members) for (const flag of extraMemberFlags) sent[flag] ??= off;
    if (collection === 'EmailLists') withAddressOnlyEntry(sent, String(record.Guid));
    return sent;
  };
}
