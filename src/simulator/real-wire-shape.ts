import type { SchemaFields } from './read-schema-fields.js';
import type { StoredCollection } from './simulator-collections.js';

/** Lists the spec gives as Guids and the real service sends as `{ Guid }` objects. */
export const relationshipLists: ReadonlySet<string> = new Set([
  'Parents',
  'Swimmers',
  'SessionRestrictions',
]);

/** A relationship list's Guids as `{ Guid }` objects; any other value unchanged. */
export function asGuidObjects(key: string, value: unknown): unknown {
  return relationshipLists.has(key) && Array.isArray(value)
    ? value.map((Guid: unknown) => ({ Guid }))
    : value;
}

/** The document's fields of a served collection (CommitteeMembers are users). */
export function schemaOf(
  collection: StoredCollection | 'CommitteeMembers',
  fields: Readonly<Record<StoredCollection, SchemaFields>>,
): SchemaFields {
  return fields[collection === 'CommitteeMembers' ? 'Users' : collection];
}

/**
 * An email list as the real service sends it: it also names an address-only entry, someone on the
 * list who is no member.
 */
export function withAddressOnlyEntry(list: Record<string, unknown>, listGuid: string): void {
  if (Array.isArray(list.Members)) {
    list.Members = [...(list.Members as unknown[]), { Guid: addressOnlyGuid(listGuid) }];
  }
}

/** The Guid of an email list's address-only entry: someone on the list who is no member. */
export function addressOnlyGuid(listGuid: string): string {
  return `address-only-${hash(listGuid).toString(16).padStart(8, '0')}`;
}

/** FNV-1a: a small, stable hash of a text. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
