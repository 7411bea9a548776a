import { errorReply, jsonReply, type Reply } from './reply.js';
import type { HeldCollection, ServedCollection } from './simulator-collections.js';
import type { SimulatorContext } from './simulator-context.js';

/** Records per page of a collection GET (spec: Limits). */
export const pageSize = 100;

/** A collection GET: one page of 100, a bare array; a page past the last is `[]`. */
export function listHandler(context: SimulatorContext, collection: ServedCollection) {
  const serialiser = context.serialiser(collection);
  return ({ page }: { page: number }): Reply => {
    const start = (page - 1) * pageSize;
    return jsonReply(
      200,
      serialiser.many(context.store.list(collection).slice(start, start + pageSize)),
    );
  };
}

/** An item GET by Guid; 404 with a message for a Guid the collection does not hold. */
export function itemHandler(context: SimulatorContext, collection: HeldCollection) {
  const serialiser = context.serialiser(collection);
  return ({ params }: { params: Record<string, string> }): Reply => {
    const guid = params.guid ?? '';
    const record = context.store.get(collection, guid);
    return record ? jsonReply(200, serialiser.one(record)) : notFound(collection, guid);
  };
}

/** Who's who: a list holding the one `Categories` object, not paged. */
export function whosWhoHandler(context: SimulatorContext) {
  const serialiser = context.serialiser('WhosWho');
  return (): Reply => jsonReply(200, serialiser.many(context.store.list('WhosWho')));
}

export function notFound(collection: HeldCollection, guid: string): Reply {
  return errorReply(404, `${collection} has no record with Guid "${guid.slice(0, 64)}"`);
}
