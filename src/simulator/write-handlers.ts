import { newRecord, writableFields } from './new-record.js';
import { notFound } from './read-handlers.js';
import { errorReply, jsonReply, type Reply } from './reply.js';
import type { StoredCollection, WireRecord } from './simulator-collections.js';
import type { SimulatorContext } from './simulator-context.js';

/** A write, after its body passed the document's validation. */
export interface WriteRequest {
  params: Record<string, string>;
  body: WireRecord;
}

/** POST: creates the record and answers it (200, as the document declares). */
export function createHandler(context: SimulatorContext, collection: StoredCollection) {
  const serialiser = context.serialiser(collection);
  return ({ body }: WriteRequest): Reply => {
    const record = newRecord(context, collection, body);
    if (typeof record === 'string') return errorReply(400, record);
    return jsonReply(200, serialiser.one(context.store.insert(collection, record)));
  };
}

/**
 * PUT `/{collection}/{guid}`, or PUT `/{collection}` with the Guid only in the body: the fields
 * sent over the stored record, the others kept (a partial update). In the path form the body's
 * Guid, when sent, must be the path's. A user's LastModifiedDate becomes today.
 */
export function updateHandler(context: SimulatorContext, collection: StoredCollection) {
  const serialiser = context.serialiser(collection);
  return ({ params, body }: WriteRequest): Reply => {
    const guid = params.guid ?? String(body.Guid);
    const stored = context.store.get(collection, guid);
    if (!stored) return notFound(collection, guid);
    if (body.Guid !== undefined && body.Guid !== guid) {
      return errorReply(400, `Guid: must be the Guid in the path ("${guid.slice(0, 64)}")`);
    }
    const updated: Record<string, unknown> = {
      ...stored,
      ...writableFields(context, collection, body),
    };
    if (collection === 'Users') updated.LastModifiedDate = context.today();
    return jsonReply(200, serialiser.one(context.store.replace(collection, updated)));
  };
}

/** DELETE `/api/Users/{guid}`: archives (Active 0); the record stays and is still readable. */
export function archiveUserHandler(context: SimulatorContext) {
  const serialiser = context.serialiser('Users');
  return ({ params }: WriteRequest): Reply => {
    const guid = params.guid ?? '';
    const stored = context.store.get('Users', guid);
    if (!stored) return notFound('Users', guid);
    const archived = { ...stored, Active: 0, LastModifiedDate: context.today() };
    return jsonReply(200, serialiser.one(context.store.replace('Users', archived)));
  };
}
