import type { OperationHandler } from './create-operation-handlers.js';
import type { DocumentOperation } from './create-route-table.js';
import { itemHandler, listHandler } from './read-handlers.js';
import { jsonReply } from './reply.js';
import type { SimulatorContext } from './simulator-context.js';

/**
 * The real host's collections beyond the spec (club-service-notes.md), routed like the document's
 * operations (at the spec layout's paths, respelled for the bare layout) but outside it: the
 * document, its seed coverage and the generated client know nothing of them. Reads only.
 */
export const beyondSpecOperations: readonly DocumentOperation[] = [
  { operationId: 'listCodesOfConduct', method: 'get', path: '/api/CodeOfConduct' },
  { operationId: 'getCodeOfConduct', method: 'get', path: '/api/CodeOfConduct/{guid}' },
  {
    operationId: 'listNoticeBoard',
    method: 'get',
    path: '/api/NoticeBoard',
    parameters: [{ name: 'Page' }],
  },
  { operationId: 'getNotice', method: 'get', path: '/api/NoticeBoard/{guid}' },
];

/**
 * Their handlers. The code-of-conduct list is every code's `Guid` and `Title`, not paged, without
 * its members (real clients read each item for those); the notice board pages like the rest.
 */
export function beyondSpecHandlers(context: SimulatorContext): Record<string, OperationHandler> {
  const serialiser = context.serialiser('CodeOfConduct');
  return {
    listCodesOfConduct: () =>
      jsonReply(
        200,
        serialiser.many(
          context.store.list('CodeOfConduct').map(({ Guid, Title }) => ({ Guid, Title })),
        ),
      ),
    getCodeOfConduct: itemHandler(context, 'CodeOfConduct'),
    listNoticeBoard: listHandler(context, 'NoticeBoard'),
    getNotice: itemHandler(context, 'NoticeBoard'),
  };
}
