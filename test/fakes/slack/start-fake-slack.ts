import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createFakeInstalls } from './fake-installs.js';
import {
  sendJson,
  startLocalServer,
  type RecordedRequest,
} from '../../support/local-http-server.js';

/** One Web API call the fake received. */
export interface WebApiCall {
  method: string;
  args: Record<string, unknown>;
  /** The bearer token sent, if any. */
  token?: string;
  at: number;
}

/** One post to a response_url, and whether the fake (as Slack) took it. */
export interface ResponseUrlPost {
  url: string;
  body: Record<string, unknown>;
  accepted: boolean;
  at: number;
}

/** A canned failure for the next call of a method. */
export type WebApiFailure = { status: 429; retryAfterSeconds: number } | { error: string };

/**
 * How Slack refuses a response_url that is used up or expired. Slack does not document it;
 * Sentry's Slack integration handles `{"ok":false,"error":"Expired url"}` ("yes the error string
 * has a space in it"), so the default is that body with a 404. Tests can pick another.
 */
export interface ExhaustedAnswer {
  status: number;
  body: unknown;
}

export const slackExhaustedAnswer: ExhaustedAnswer = {
  status: 404,
  body: { ok: false, error: 'Expired url' },
};

/**
 * Slack on loopback: the Web API under `/api/` (users.info, views.open, views.publish,
 * chat.postEphemeral, chat.postMessage, auth.test), answering failures on demand, and response_urls under
 * `/response/` that take `limit` posts (5, like Slack) and then refuse. Everything is recorded.
 */
export interface FakeSlack {
  /** The value for `SLACK_API_URL` / WebClient's `slackApiUrl`. */
  apiUrl: string;
  calls: WebApiCall[];
  callsTo(method: string): WebApiCall[];
  /** A new response_url; it takes `limit` posts (default 5), then answers `exhausted`. */
  responseUrl(options?: { limit?: number; exhausted?: ExhaustedAnswer }): string;
  posts: ResponseUrlPost[];
  postsTo(url: string): ResponseUrlPost[];
  /** The email users.info gives for a user id (none: the profile has no email). */
  setEmail(userId: string, email: string | undefined): void;
  /** Where apps.connections.open sends a Socket Mode app. */
  setSocketModeUrl(url: string): void;
  /**
   * A code for Slack's install flow: `oauth.v2.access` exchanges it for a bot token of `teamId`,
   * and that token's auth.test and users.info answer as that workspace.
   */
  installCode(teamId: string, teamName?: string, rotation?: boolean): string;
  /** The next `times` calls of `method` fail this way. */
  failNext(method: string, failure: WebApiFailure, times?: number): void;
  close(): Promise<void>;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const calls: WebApiCall[] = [];
  const posts: ResponseUrlPost[] = [];
  const emails = new Map<string, string>();
  const failures = new Map<string, WebApiFailure[]>();
  const responseUrls = new Map<
    string,
    { limit: number; used: number; exhausted: ExhaustedAnswer }
  >();
  let socketModeUrl: string | undefined;
  const installs = createFakeInstalls();
  const teams = installs.teams;
  let views = 0;
  let messages = 0;

  const server = await startLocalServer((request, response) => {
    const url = new URL(request.url, 'http://fake');
    if (url.pathname.startsWith('/api/')) return webApi(url.pathname.slice(5), request, response);
    if (url.pathname.startsWith('/response/')) return responseUrl(url.pathname, request, response);
    sendJson(response, 404, { ok: false, error: 'unknown_path' });
  });

  function webApi(method: string, request: RecordedRequest, response: ServerResponse): void {
    const args = readArgs(request);
    const authorization = request.headers.authorization;
    const token =
      typeof authorization === 'string' ? authorization.replace(/^Bearer /, '') : undefined;
    calls.push({ method, args, ...(token ? { token } : {}), at: Date.now() });
    const failure = failures.get(method)?.shift();
    if (failure && 'status' in failure) {
      return sendJson(
        response,
        429,
        { ok: false, error: 'ratelimited' },
        {
          'Retry-After': String(failure.retryAfterSeconds),
        },
      );
    }
    if (failure) return sendJson(response, 200, { ok: false, error: failure.error });
    switch (method) {
      case 'apps.connections.open':
        return socketModeUrl
          ? sendJson(response, 200, { ok: true, url: socketModeUrl })
          : sendJson(response, 200, { ok: false, error: 'socket_mode_not_enabled' });
      case 'auth.test':
        return sendJson(response, 200, {
          ok: true,
          user_id: 'UBOT',
          bot_id: 'BBOT',
          team_id: teams.get(token ?? '') ?? 'T1',
        });
      case 'users.info': {
        const user = String(args.user);
        const email = emails.get(user);
        return sendJson(response, 200, {
          ok: true,
          user: {
            id: user,
            team_id: teams.get(token ?? '') ?? 'T1',
            profile: email ? { email } : {},
          },
        });
      }
      case 'oauth.v2.access':
        return sendJson(response, 200, installs.exchange(String(args.code)));
      case 'views.open': {
        views += 1;
        const view = typeof args.view === 'object' && args.view !== null ? args.view : {};
        return sendJson(response, 200, {
          ok: true,
          view: { ...view, id: `VFAKE${views}`, hash: `hash-${views}` },
        });
      }
      case 'views.publish': {
        views += 1;
        const view = typeof args.view === 'object' && args.view !== null ? args.view : {};
        return sendJson(response, 200, { ok: true, view: { ...view, id: `VHOME${views}` } });
      }
      case 'chat.postEphemeral':
        messages += 1;
        return sendJson(response, 200, { ok: true, message_ts: `1700000000.${messages}` });
      case 'chat.postMessage':
        messages += 1;
        return sendJson(response, 200, {
          ok: true,
          channel: args.channel,
          ts: `1700000000.${messages}`,
          message: { text: args.text },
        });
      default:
        return sendJson(response, 200, { ok: false, error: 'unknown_method' });
    }
  }

  function responseUrl(path: string, request: RecordedRequest, response: ServerResponse): void {
    const url = `${server.url}${path}`;
    const state = responseUrls.get(url);
    const body = parseJson(request.body);
    const accepted = state !== undefined && state.used < state.limit;
    posts.push({ url, body, accepted, at: Date.now() });
    if (!state || !accepted) {
      const answer = state?.exhausted ?? slackExhaustedAnswer;
      return sendJson(response, answer.status, answer.body);
    }
    state.used += 1;
    // Slack answers a good post with a plain "ok".
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('ok');
  }

  return {
    apiUrl: `${server.url}/api/`,
    calls,
    callsTo: (method) => calls.filter((call) => call.method === method),
    responseUrl(options = {}) {
      const url = `${server.url}/response/T1/${randomUUID()}`;
      responseUrls.set(url, {
        limit: options.limit ?? 5,
        used: 0,
        exhausted: options.exhausted ?? slackExhaustedAnswer,
      });
      return url;
    },
    posts,
    postsTo: (url) => posts.filter((post) => post.url === url),
    setEmail(userId, email) {
      if (email === undefined) emails.delete(userId);
      else emails.set(userId, email);
    },
    installCode: installs.code,
    setSocketModeUrl(url) {
      socketModeUrl = url;
    },
    failNext(method, failure, times = 1) {
      failures.set(method, [
        ...(failures.get(method) ?? []),
        ...Array<WebApiFailure>(times).fill(failure),
      ]);
    },
    close: () => server.close(),
  };
}

/** The WebClient sends form bodies with objects (blocks, view) as JSON strings; some calls send JSON. */
function readArgs(request: RecordedRequest): Record<string, unknown> {
  const type = String(request.headers['content-type'] ?? '');
  if (type.includes('application/json')) return parseJson(request.body);
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(request.body)) {
    args[key] = /^[[{]/.test(value) ? parseJsonValue(value) : value;
  }
  return args;
}

function parseJson(text: string): Record<string, unknown> {
  const value = parseJsonValue(text);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
