import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { startFakeSlack, type FakeSlack } from './start-fake-slack.js';

/** An acknowledgement the app sent back over the socket. */
export interface SocketAck {
  envelope_id: string;
  payload: Record<string, unknown>;
}

/**
 * Slack's Socket Mode side on loopback: the WebSocket that apps.connections.open points to. It
 * greets each connection with `hello`, sends envelopes on demand and hands back their acks.
 */
export interface FakeSocketMode {
  /** The `wss://…` URL apps.connections.open answers with (here `ws://` on 127.0.0.1). */
  url: string;
  /** Resolves once an app is connected and greeted. */
  connected(): Promise<void>;
  /**
   * Sends an envelope (e.g. `slash_commands`) and resolves with the app's ack; `envelope` adds
   * fields such as an Events API retry's `retry_attempt` and `retry_reason`.
   */
  send(
    type: string,
    payload: Record<string, unknown>,
    envelope?: Record<string, unknown>,
  ): Promise<SocketAck>;
  close(): Promise<void>;
}

export async function startFakeSocketMode(): Promise<FakeSocketMode> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const waiting = new Map<string, (ack: SocketAck) => void>();
  let socket: WebSocket | undefined;
  let greeted: () => void = () => undefined;
  const greeting = new Promise<void>((resolve) => (greeted = resolve));

  server.on('connection', (connection) => {
    socket = connection;
    connection.on('message', (data) => {
      const ack = JSON.parse(String(data)) as SocketAck;
      waiting.get(ack.envelope_id)?.(ack);
      waiting.delete(ack.envelope_id);
    });
    connection.send(
      JSON.stringify({
        type: 'hello',
        num_connections: 1,
        debug_info: { host: 'fake', approximate_connection_time: 3600 },
        connection_info: { app_id: 'A1' },
      }),
    );
    greeted();
  });

  return {
    url: `ws://127.0.0.1:${port}/link`,
    connected: () => greeting,
    send(type, payload, envelope = {}) {
      const envelopeId = randomUUID();
      return new Promise((resolve, reject) => {
        if (!socket) return reject(new Error('no app is connected'));
        waiting.set(envelopeId, resolve);
        socket.send(
          JSON.stringify({
            envelope_id: envelopeId,
            type,
            payload,
            accepts_response_payload: type !== 'events_api',
            ...(type === 'events_api' ? { retry_attempt: 0, retry_reason: '' } : {}),
            ...envelope,
          }),
        );
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** The fake Slack Web API whose apps.connections.open points to a fake Socket Mode socket. */
export interface FakeSlackOverSocket {
  fake: FakeSlack;
  socket: FakeSocketMode;
  close(): Promise<void>;
}

export async function startFakeSlackOverSocket(): Promise<FakeSlackOverSocket> {
  const fake = await startFakeSlack();
  const socket = await startFakeSocketMode();
  fake.setSocketModeUrl(socket.url);
  const close = async () => void (await Promise.all([socket.close(), fake.close()]));
  return { fake, socket, close };
}
