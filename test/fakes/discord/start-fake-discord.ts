import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { botMessage, botUserOf } from './bot-message.js';
import { snowflake } from './snowflake.js';

/** One REST request the fake received (the path is after `/api/v10`). */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The Authorization header, or undefined (interaction callbacks and webhooks send none). */
  authorization?: string;
  body: unknown;
  at: number;
}

/** A canned failure for the next request that matches. */
export interface FakeFailure {
  match(call: RecordedCall): boolean;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeDiscordOptions {
  applicationId: string;
  botUserId?: string;
}

/**
 * Discord on loopback for the real discord.js: a REST API under `/api/v10` (gateway address,
 * interaction callbacks, webhook edits and follow-ups, command deploys, DMs, channel messages) and
 * a gateway (HELLO, IDENTIFY → READY, heartbeat ACKs, RESUME) that can push INTERACTION_CREATE.
 * Everything is recorded for tests to poll.
 */
export interface FakeDiscord {
  /** The bot application whose interactions it sends by default. */
  applicationId: string;
  /** The value for discord.js's `rest.api` and DISCORD_API_URL. */
  apiUrl: string;
  calls: RecordedCall[];
  /** IDENTIFY payloads received (intents, token). */
  identifies: Record<string, unknown>[];
  /** RESUME payloads received (after a dropped connection). */
  resumes: Record<string, unknown>[];
  /** Resolves once a client has been sent READY. */
  ready(): Promise<void>;
  sendInteraction(payload: Record<string, unknown>): void;
  failNext(failure: FakeFailure): void;
  /** Drops every gateway connection as a network fault would (close code 4000: resumable). */
  dropGateway(): void;
  close(): Promise<void>;
}

export async function startFakeDiscord(options: FakeDiscordOptions): Promise<FakeDiscord> {
  const { applicationId } = options;
  const botUser = botUserOf(options.botUserId);
  const calls: RecordedCall[] = [];
  const identifies: Record<string, unknown>[] = [];
  const resumes: Record<string, unknown>[] = [];
  const failures: FakeFailure[] = [];
  const sockets = new Set<WebSocket>();
  let sequence = 0;
  let readyResolve: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (readyResolve = resolve));
  let wsUrl = '';

  const message = (channelId: string, body: unknown) =>
    botMessage(channelId, typeof body === 'object' && body !== null ? body : {}, botUser);

  function route(call: RecordedCall): { status: number; body?: unknown } {
    const parts = call.path.split('/').filter(Boolean);
    const is = (method: string, pattern: string) => {
      if (call.method !== method) return false;
      const want = pattern.split('/').filter(Boolean);
      return (
        want.length === parts.length &&
        want.every((part, index) => part.startsWith(':') || part === parts[index])
      );
    };
    if (is('GET', '/gateway/bot')) {
      return {
        status: 200,
        body: {
          url: wsUrl,
          shards: 1,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
        },
      };
    }
    if (is('GET', '/users/@me')) return { status: 200, body: botUser };
    if (is('POST', '/interactions/:id/:token/callback')) return { status: 204 };
    if (is('PATCH', '/webhooks/:app/:token/messages/@original'))
      return { status: 200, body: message('0', call.body) };
    if (is('DELETE', '/webhooks/:app/:token/messages/@original')) return { status: 204 };
    if (is('POST', '/webhooks/:app/:token')) return { status: 200, body: message('0', call.body) };
    if (
      is('PUT', '/applications/:app/commands') ||
      is('PUT', '/applications/:app/guilds/:guild/commands')
    ) {
      const commands = Array.isArray(call.body) ? call.body : [];
      return {
        status: 200,
        body: commands.map((command: Record<string, unknown>) => ({
          id: snowflake(),
          application_id: applicationId,
          version: snowflake(),
          default_member_permissions: null,
          ...command,
        })),
      };
    }
    if (is('POST', '/users/@me/channels')) {
      const recipient = (call.body as { recipient_id?: string }).recipient_id ?? '';
      return {
        status: 200,
        body: { id: `dm-${recipient}`, type: 1, recipients: [{ id: recipient }] },
      };
    }
    if (is('POST', '/channels/:id/messages'))
      return { status: 200, body: message(parts[1] ?? '0', call.body) };
    return { status: 404, body: { message: 'Unknown route', code: 0 } };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const call: RecordedCall = {
        method: request.method ?? 'GET',
        path: decodeURIComponent(url.pathname).replace(/^\/api\/v10/, ''),
        query: url.searchParams,
        authorization: request.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        at: Date.now(),
      };
      calls.push(call);
      const failureAt = failures.findIndex((failure) => failure.match(call));
      const failure = failureAt >= 0 ? failures.splice(failureAt, 1)[0] : undefined;
      const answer = failure ?? route(call);
      // As Discord: a 204 has no body and no JSON content type (discord.js would parse it).
      if (answer.body === undefined) {
        response.writeHead(answer.status, failure?.headers ?? {});
        response.end();
      } else {
        response.writeHead(answer.status, {
          'Content-Type': 'application/json',
          ...(failure?.headers ?? {}),
        });
        response.end(JSON.stringify(answer.body));
      }
    });
  });

  const gateway = new WebSocketServer({ server });
  const send = (socket: WebSocket, payload: unknown) => socket.send(JSON.stringify(payload));
  gateway.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    send(socket, { op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null });
    socket.on('message', (raw: Buffer) => {
      const packet = JSON.parse(raw.toString()) as { op: number; d: Record<string, unknown> };
      if (packet.op === 1) send(socket, { op: 11, d: null, s: null, t: null });
      if (packet.op === 2) {
        identifies.push(packet.d);
        sequence += 1;
        send(socket, {
          op: 0,
          t: 'READY',
          s: sequence,
          d: {
            v: 10,
            user: botUser,
            guilds: [],
            session_id: randomUUID(),
            resume_gateway_url: wsUrl,
            shard: [0, 1],
            application: { id: applicationId, flags: 0 },
          },
        });
        readyResolve();
      }
      if (packet.op === 6) {
        resumes.push(packet.d);
        sequence += 1;
        send(socket, { op: 0, t: 'RESUMED', s: sequence, d: {} });
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  wsUrl = `ws://127.0.0.1:${port}`;

  return {
    applicationId,
    apiUrl: `http://127.0.0.1:${port}/api`,
    calls,
    identifies,
    resumes,
    ready: () => readyPromise,
    sendInteraction(payload) {
      sequence += 1;
      for (const socket of sockets)
        send(socket, { op: 0, t: 'INTERACTION_CREATE', s: sequence, d: payload });
    },
    failNext(failure) {
      failures.push(failure);
    },
    dropGateway() {
      for (const socket of sockets) socket.close(4000, 'fake network fault');
    },
    async close() {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
