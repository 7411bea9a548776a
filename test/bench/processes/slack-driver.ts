/**
 * "Slack" for the benchmarks, in a process of its own so that it never shares an event loop with
 * the app it measures: it sends signed slash commands over keep-alive HTTP (a closed loop at a
 * fixed concurrency, or an open loop at a fixed rate), and it is the fake Slack the bot talks
 * back to: users.info, chat.postEphemeral / chat.postMessage, and the commands' response_urls,
 * where it notes when each reply arrives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveParent, signalReady, type ChildMessage } from '../child-process.js';
import {
  closeAgents,
  send,
  signAll,
  targetOf,
  type DriverCommand,
  type Sent,
} from '../signed-requests.js';

export type { DriverCommand } from '../signed-requests.js';

/** What a run of commands gives back. */
export interface DriverRun {
  /** Milliseconds from sending to the HTTP 200 of each command, in the order sent. */
  acks: number[];
  /** Milliseconds from sending to the first post at its response_url; -1 when none came. */
  answers: number[];
  /** Statuses other than 200, by status. */
  failures: Record<string, number>;
  /** The rate actually sent (open loop), commands per second. */
  sentPerSecond: number;
}

const emails = new Map<string, string>();
/** Per response_url key: when its first post arrived. */
const answeredAt = new Map<string, number>();
let webApiPosts = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => handle(req, Buffer.concat(chunks).toString(), res));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function handle(req: IncomingMessage, body: string, res: ServerResponse): void {
  const path = req.url ?? '/';
  if (path.startsWith('/response/')) {
    const key = path.slice('/response/'.length);
    if (!answeredAt.has(key)) answeredAt.set(key, performance.now());
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  const method = path.startsWith('/api/') ? path.slice(5) : '';
  const json = (value: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  switch (method) {
    case 'users.info': {
      const user = new URLSearchParams(body).get('user') ?? '';
      const email = emails.get(user);
      return json({ ok: true, user: { id: user, profile: email ? { email } : {} } });
    }
    case 'chat.postEphemeral':
    case 'chat.postMessage':
      webApiPosts += 1;
      return json({ ok: true, ts: `1700000000.${webApiPosts}`, message_ts: '1700000000.1' });
    case 'auth.test':
      return json({ ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T1' });
    default:
      return json({ ok: false, error: 'unknown_method' });
  }
}

function collect(keys: string[], results: Sent[], startedAt: number, endedAt: number): DriverRun {
  const failures: Record<string, number> = {};
  for (const result of results) {
    if (result.status !== 200) failures[result.status] = (failures[result.status] ?? 0) + 1;
  }
  const answers = keys.map((key, i) => {
    const arrived = answeredAt.get(key);
    answeredAt.delete(key);
    return arrived === undefined ? -1 : arrived - results[i]!.sentAt;
  });
  return {
    acks: results.map((result) => result.ms),
    answers,
    failures,
    sentPerSecond: (keys.length / Math.max(1, endedAt - startedAt)) * 1000,
  };
}

async function waitForAnswers(keys: string[], timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && keys.some((key) => !answeredAt.has(key))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What both loops are sent: where, with which secret, and the commands to cycle through. */
interface RunRequest extends ChildMessage {
  url: string;
  secret: string;
  commands: DriverCommand[];
}

let runs = 0;
/** A run's keys and signed commands, made before it starts, and where they go. */
function prepare(message: RunRequest, count: number, maxSockets: number) {
  runs += 1;
  const keys = Array.from({ length: count }, (_, i) => `r${runs}-${i}`);
  const signed = signAll(message.secret, message.commands, keys, base);
  return { keys, signed, target: targetOf(message.url, maxSockets) };
}

/** `count` commands, `concurrency` in flight at any moment. */
async function closedLoop(message: RunRequest & { count: number; concurrency: number }) {
  const { count, concurrency } = message;
  const { keys, signed, target } = prepare(message, count, concurrency);
  const results: Sent[] = new Array(count);
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        results[i] = await send(target, signed[i]!);
      }
    }),
  );
  return collect(keys, results, startedAt, performance.now());
}

/** Commands at `rate` a second for `durationMs`, each sent on time whatever the others do. */
async function openLoop(
  message: RunRequest & { rate: number; durationMs: number; answerTimeoutMs: number },
) {
  const { rate } = message;
  const count = Math.round((rate * message.durationMs) / 1000);
  const { keys, signed, target } = prepare(message, count, 256);
  const pending: Promise<Sent>[] = [];
  const startedAt = performance.now();
  for (let i = 0; i < count; i += 1) {
    const wait = startedAt + (i * 1000) / rate - performance.now();
    if (wait > 0.5) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(target, signed[i]!));
  }
  const endedAt = performance.now();
  const results = await Promise.all(pending);
  await waitForAnswers(keys, message.answerTimeoutMs);
  return collect(keys, results, startedAt, endedAt);
}

serveParent(
  async (message) => {
    switch (message.type) {
      case 'emails':
        for (const [user, email] of Object.entries(message.emails as Record<string, string>))
          emails.set(user, email);
        return {};
      case 'closed':
        return { ...(await closedLoop(message as Parameters<typeof closedLoop>[0])) };
      case 'open':
        return { ...(await openLoop(message as Parameters<typeof openLoop>[0])) };
      default:
        throw new Error(`unknown request ${message.type}`);
    }
  },
  async () => {
    closeAgents();
    server.closeAllConnections();
    server.close();
    return {};
  },
);
signalReady({ url: base, apiUrl: `${base}/api/` });
