import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkToken } from './check-token.js';
import type { CallBudget, CallBudgetState } from './create-call-budget.js';
import type { CallLog } from './create-call-log.js';
import type { FaultInjector } from './create-fault-injector.js';
import type { OperationHandler } from './create-operation-handlers.js';
import type { Route, RouteMatch } from './create-route-table.js';
import type { ClubContract } from './load-club-contract.js';
import { parsePageNumber } from './parse-page-number.js';
import { readFlagsSentAsText } from './read-flags-sent-as-text.js';
import { readRequestBody } from './read-request-body.js';
import { errorReply, type Reply } from './reply.js';
import { sendReply } from './send-reply.js';
import { storedCollectionOf, type WireRecord } from './simulator-collections.js';
import { specPathOf, type ClubApiLayout } from '../club/collections.js';

/** What the club API pipeline works with. */
export interface ApiPipeline {
  token: string;
  contract: ClubContract;
  /** How the served paths are spelled; the call log and faults speak the document's paths. */
  layout: ClubApiLayout;
  /** The operation a request is for, at the layout's paths (or why there is none). */
  route(method: string, path: string): RouteMatch;
  /** By operationId: the document's, and those beyond the spec when served. */
  handlers: Readonly<Record<string, OperationHandler>>;
  budget: CallBudget;
  calls: CallLog;
  faults: FaultInjector;
  /** Keeps a response that an injected hang leaves unanswered, for the server to close. */
  hold(response: ServerResponse): void;
}

const writeMethods = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * One club API call, in the order the service would meet it:
 * 1. the token: wrong or missing is 401, NOT counted (an unauthenticated call cannot be charged
 *    to the account, and counting it would let anyone drain the account's budget);
 * 2. the budget: every authenticated call counts, whatever its answer (400, 404, 405, 500 too);
 *    past the limit it is 403;
 * 3. the route: a path the layout does not serve is 404, a method the document lacks is 405;
 * 4. injected faults (latency, then a hang or a 500; a write may be carried out first);
 * 5. the operation: Page check (400), body validation against the document (400), the handler.
 * Every answer carries `X-Ratelimit-Remaining`: the calls left after this one.
 */
export async function handleApiRequest(
  pipeline: ApiPipeline,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  const target = request.url ?? '/';
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt + 1);
  const bodyText = writeMethods.has(method) ? await readRequestBody(request) : '';
  if (!writeMethods.has(method)) request.resume();

  const match = pipeline.route(method, path);
  const documentPath = specPathOf(path, pipeline.layout) ?? path;
  const template =
    match.kind === 'unknown' ? '(unknown)' : match.kind === 'found' ? match.route.path : match.path;
  const answer = (reply: Reply, remaining: number, headers?: Record<string, string>) => {
    pipeline.calls.record(method, template, reply.status);
    sendReply(response, reply, remaining, headers);
  };

  const refused = checkToken(request.headers['authorization-token'], pipeline.token);
  if (refused) return answer(errorReply(401, refused), pipeline.budget.remaining());

  const { allowed, remaining } = pipeline.budget.take();
  if (!allowed) return answer(errorReply(403, budgetMessage(pipeline.budget.state())), 0);

  if (match.kind === 'unknown') {
    return answer(errorReply(404, `No such path: ${method} ${path.slice(0, 200)}`), remaining);
  }
  if (match.kind === 'wrong-method') {
    const message = `${method} is not allowed on ${match.served}; allowed: ${match.allowed.join(', ')}`;
    return answer(errorReply(405, message), remaining, { Allow: match.allowed.join(', ') });
  }

  const fault = pipeline.faults.decide(method, documentPath);
  if (fault.latencyMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, fault.latencyMs).unref());
    if (response.destroyed) return pipeline.calls.record(method, template, 0);
  }
  const carryOut =
    fault.outcome === 'pass' ||
    (writeMethods.has(method) && pipeline.faults.settings().commitBeforeError);
  const reply = carryOut
    ? runOperation(pipeline, {
        route: match.route,
        params: match.params,
        pageHeader: request.headers.page,
        pageQuery: query ? new URLSearchParams(query).get('Page') : null,
        path: documentPath,
        bodyText,
      })
    : undefined;

  if (fault.outcome === 'hang') {
    pipeline.calls.record(method, template, 0);
    pipeline.hold(response);
    return;
  }
  if (fault.outcome === 'error' || !reply) {
    return answer(
      errorReply(500, 'Internal server error (a fault injected by the simulator).'),
      remaining,
    );
  }
  return answer(reply, remaining);
}

/** A routed call, as the operation sees it. */
interface RoutedCall {
  route: Route;
  params: Record<string, string>;
  pageHeader: string | string[] | undefined;
  pageQuery: string | null;
  /** The path as the document spells it. */
  path: string;
  /** The body as text; undefined when it was too large. */
  bodyText: string | undefined;
}

/** The Page check, the body's validation against the document, then the operation itself. */
function runOperation(pipeline: ApiPipeline, call: RoutedCall): Reply {
  const { route, params, path, bodyText } = call;
  const handler = pipeline.handlers[route.operationId];
  if (!handler) return errorReply(500, `The simulator does not serve ${route.operationId}.`);
  let page = 1;
  if (route.paged) {
    const choice = parsePageNumber(call.pageHeader, call.pageQuery);
    if ('error' in choice) return errorReply(400, choice.error);
    page = choice.page;
  }
  let body: WireRecord = {};
  if (route.hasBody) {
    if (bodyText === undefined) return errorReply(400, 'body: is too large');
    let parsed: unknown;
    try {
      parsed = bodyText.trim() === '' ? undefined : JSON.parse(bodyText);
    } catch {
      return errorReply(400, 'body: is not valid JSON');
    }
    if (route.method === 'PUT') {
      const collection = storedCollectionOf(route.path);
      parsed = readFlagsSentAsText(parsed, collection && pipeline.contract.fields[collection]);
    }
    const problems = pipeline.contract.validateWrite(route.operationId, route.method, path, parsed);
    if (problems.length > 0) return errorReply(400, problems.join('; '));
    body = parsed as WireRecord;
  }
  return handler({ params, page, body });
}

function budgetMessage(state: CallBudgetState): string {
  const back =
    state.windowEndsAt === null
      ? ''
      : ` Calls come back at ${new Date(state.windowEndsAt).toISOString()}.`;
  return `Too many API requests in the current 24 hour period (the limit is ${state.dailyLimit}).${back}`;
}
