import type { StoredCollection, WireRecord } from './simulator-collections.js';
import type { SimulatorContext } from './simulator-context.js';

/** Fields a created record gets when the body leaves them out. */
function defaultsFor(collection: StoredCollection, today: string): Record<string, unknown> {
  switch (collection) {
    case 'ClubEvents':
      return { SwimTimes: [] };
    case 'IncidentBook':
      return { Comments: [] };
    case 'TrialRequests':
      return { DateAdded: today };
    case 'Users':
      return { Active: 1, LastModifiedDate: today };
    case 'EmailLists':
      return { Members: [] };
    default:
      return {};
  }
}

/** The body without the fields the client may not set (read only, and a user's Password). */
export function writableFields(
  context: SimulatorContext,
  collection: StoredCollection,
  body: WireRecord,
): Record<string, unknown> {
  const { readOnly } = context.fields[collection];
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key]) => !readOnly.has(key) && !(collection === 'Users' && key === 'Password'),
    ),
  );
}

/**
 * The record a valid POST creates: a new Guid, the writable fields of the body over the defaults,
 * a blank Password for a user, and an incident's AddedBy filled in with the member's names.
 * Returns a message instead when the body names a member the club does not have.
 */
export function newRecord(
  context: SimulatorContext,
  collection: StoredCollection,
  body: WireRecord,
): WireRecord | string {
  const record: Record<string, unknown> = {
    Guid: context.newGuid(),
    ...defaultsFor(collection, context.today()),
    ...writableFields(context, collection, body),
  };
  if (collection === 'Users') record.Password = '';
  if (collection === 'IncidentBook') {
    const addedBy = authorsOf(context, record.AddedBy);
    if (typeof addedBy === 'string') return addedBy;
    record.AddedBy = addedBy;
  }
  return record;
}

/** AddedBy as the service returns it: Guid, Firstname, KnownAs (when any), Lastname. */
function authorsOf(context: SimulatorContext, value: unknown): WireRecord[] | string {
  const sent = Array.isArray(value) ? (value as WireRecord[]) : [];
  const authors: WireRecord[] = [];
  for (const [index, author] of sent.entries()) {
    const guid = String(author.Guid);
    const member = context.store.get('Users', guid);
    if (!member) return `AddedBy[${index}].Guid: no member has the Guid "${guid.slice(0, 64)}"`;
    authors.push({
      Guid: guid,
      Firstname: member.Firstname,
      ...(member.KnownAs === undefined ? {} : { KnownAs: member.KnownAs }),
      Lastname: member.Lastname,
    });
  }
  return authors;
}
