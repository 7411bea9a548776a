import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ClubServiceFaultError } from './club-errors.js';
import type { paths } from './generated/club-service.js';
import { remainingFromHeaders } from './remaining-from-headers.js';
import { withTimeout } from '../errors.js';

/** The typed HTTP client of the club service, generated from `openapi/club-service.yaml`. */
export type ClubHttpClient = Client<paths>;

/** What a hook learns about one finished call. */
export interface ClubCallInfo {
  method: string;
  /** The path template, e.g. `/api/Users/{guid}` (never the Guid, so it is safe for metrics). */
  path: string;
  status: number;
  /** `X-Ratelimit-Remaining` of the response, when it had one. */
  remaining: number | undefined;
  durationMs: number;
}

/** Options for {@link createClubClient}. */
export interface ClubClientOptions {
  /** Base URL; paths `/api/...` are appended. */
  baseUrl: string;
  /** The account's API token, sent as `Authorization-Token`; it never appears in errors or logs. */
  token: string;
  /** How long one call may take, answer body included. Default: 10,000 ms. */
  timeoutMs?: number;
  /** Runs before every HTTP request and may throw to stop it: the budget reserves a unit here. */
  beforeRequest?: (request: { method: string; path: string }) => Promise<void>;
  /** Runs after every response (errors too): the budget reconciles with `remaining` here. */
  afterResponse?: (info: ClubCallInfo) => Promise<void> | void;
  /** The fetch to use. Default: the global fetch. */
  fetch?: typeof fetch;
}

/** Creates the typed client with its auth, budget and timeout middleware. */
export function createClubClient(options: ClubClientOptions): ClubHttpClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const baseFetch = options.fetch ?? globalThis.fetch;
  const started = new Map<string, number>();

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
      throw networkFault(error, timeoutMs);
    });

  const middleware: Middleware = {
    async onRequest({ request, schemaPath, id }) {
      await options.beforeRequest?.({ method: request.method, path: schemaPath });
      started.set(id, performance.now());
      request.headers.set('Authorization-Token', options.token);
      request.headers.set('Accept', 'application/json');
      return request;
    },
    async onResponse({ request, response, schemaPath, id }) {
      const begun = started.get(id) ?? performance.now();
      started.delete(id);
      await options.afterResponse?.({
        method: request.method,
        path: schemaPath,
        status: response.status,
        remaining: remainingFromHeaders(response.headers),
        durationMs: performance.now() - begun,
      });
      return undefined;
    },
    onError({ id }) {
      started.delete(id);
      return undefined;
    },
  };

  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: timedFetch });
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
