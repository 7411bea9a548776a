import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ClubServiceFaultError } from './club-errors.js';
import { createClubLayout, type ClubLayout } from './club-layout.js';
import { isCollectionPath, pathInLayout, type ClubApiLayout } from './collections.js';
import type { BeyondSpecPaths } from './beyond-spec-paths.js';
import type { paths } from './generated/club-service.js';
import { remainingFromHeaders } from './remaining-from-headers.js';
import { withTimeout } from '../errors.js';

/**
 * The typed HTTP client of the club service, generated from `openapi/club-service.yaml`, with the
 * host's collections beyond the spec typed by hand (beyond-spec-paths.ts).
 */
export type ClubHttpClient = Client<paths & BeyondSpecPaths>;

/** What a hook learns about one finished call. */
export interface ClubCallInfo {
  method: string;
  /**
   * The spec's path template, e.g. `/api/Users/{guid}`, whatever the layout (never the Guid, so it
   * is safe for metrics).
   */
  path: string;
  status: number;
  /** `X-Ratelimit-Remaining` of the response, when it had one. */
  remaining: number | undefined;
  durationMs: number;
}

/** Options for {@link createClubClient}. */
export interface ClubClientOptions {
  /** Base URL; the collection paths, spelled as `layout` says, are appended. */
  baseUrl: string;
  /** The account's API token, sent as `Authorization-Token`; it never appears in errors or logs. */
  token: string;
  /** How the host spells the collection paths. Default: the spec's (`/api/...`), fixed. */
  layout?: ClubLayout;
  /** How long one call may take, answer body included. Default: 10,000 ms. */
  timeoutMs?: number;
  /** Runs before every HTTP request and may throw to stop it: the budget reserves a unit here. */
  beforeRequest?: (request: { method: string; path: string }) => Promise<void>;
  /** Runs after every response (errors too): the budget reconciles with `remaining` here. */
  afterResponse?: (info: ClubCallInfo) => Promise<void> | void;
  /** Told of each call that got no answer at all (refused, reset, timed out). Default: none. */
  onNetworkFailure?: (fault: ClubServiceFaultError) => void;
  /** The fetch to use. Default: the global fetch. */
  fetch?: typeof fetch;
}

/**
 * Creates the typed client with its auth, budget, timeout and layout. The client is generated on
 * the spec's paths; each request is respelled for the host's layout here, at the fetch boundary,
 * so every other module speaks the spec's paths.
 */
export function createClubClient(options: ClubClientOptions): ClubHttpClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const baseFetch = options.fetch ?? globalThis.fetch;
  const layout = options.layout ?? createClubLayout({ setting: 'spec' });
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  const templates = new WeakMap<Request, string>();

  // The race, not the abort alone, ends a hung call: Node 20's fetch can lose an abort once the
  // copied Request is garbage-collected (nodejs/undici#4068).
  const timedFetch = (request: Request): Promise<Response> =>
    withTimeout(timeoutMs, async (signal) => {
      const response = await baseFetch(
        new Request(request, { signal: AbortSignal.any([signal, request.signal]) }),
      );
      // The body is read inside the time limit too: a service that stalls mid-answer is a fault.
      const body = await response.arrayBuffer();
      return new Response(body.byteLength > 0 ? body : null, response);
    }).catch((error: unknown) => {
      const fault = networkFault(error, timeoutMs);
      options.onNetworkFailure?.(fault);
      throw fault;
    });

  /** One HTTP request: a unit of the budget first, then the call, then the budget reconciled. */
  async function send(request: Request, template: string): Promise<Response> {
    await options.beforeRequest?.({ method: request.method, path: template });
    const begun = performance.now();
    const response = await timedFetch(request);
    await options.afterResponse?.({
      method: request.method,
      path: template,
      status: response.status,
      remaining: remainingFromHeaders(response.headers),
      durationMs: performance.now() - begun,
    });
    return response;
  }

  /**
   * Sends a request in the layout in use. With `auto`, a 404 may mean the other layout: while none
   * is known, or on a whole collection (which exists in the right layout), the other is asked too,
   * and whichever answers 2xx is the layout from then on. An item's 404 in a known layout is an
   * absent record. Each request, the probe's included, spends its unit of the budget in `send`.
   */
  async function layoutFetch(request: Request): Promise<Response> {
    const template = templates.get(request) ?? new URL(request.url).pathname;
    const url = new URL(request.url);
    const specPath = url.pathname.slice(basePath.length);
    // Read once, so the same body can be sent a second time in the other layout.
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const inLayout = (spelling: ClubApiLayout) => {
      const target = new URL(url);
      target.pathname = basePath + pathInLayout(specPath, spelling);
      const { method, headers, signal } = request;
      return new Request(target, { method, headers, body, signal });
    };

    const known = await layout.current();
    const first = known ?? 'spec';
    const answer = await send(inLayout(first), template);
    const probe =
      layout.setting === 'auto' &&
      answer.status === 404 &&
      (known === undefined || isCollectionPath(specPath));
    if (!probe) {
      if (known === undefined && answer.ok) await layout.found(first);
      return answer;
    }
    const other = first === 'spec' ? 'bare' : 'spec';
    const second = await send(inLayout(other), template);
    if (second.ok) await layout.found(other);
    return second.status === 404 ? answer : second;
  }

  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      templates.set(request, schemaPath);
      request.headers.set('Authorization-Token', options.token);
      request.headers.set('Accept', 'application/json');
      return request;
    },
  };

  const client = createClient<paths & BeyondSpecPaths>({
    baseUrl: options.baseUrl,
    fetch: (request: Request) => layoutFetch(request),
  });
  client.use(middleware);
  return client;
}

function networkFault(error: unknown, timeoutMs: number): ClubServiceFaultError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ClubServiceFaultError(
      `The club service did not answer within ${timeoutMs} ms.`,
      undefined,
      '',
      { cause: error },
    );
  }
  // The cause's own message names the host and the reason (refused, reset), never the token.
  const reason =
    error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  return new ClubServiceFaultError(
    `The club service could not be reached: ${reason}`,
    undefined,
    '',
    { cause: error },
  );
}
