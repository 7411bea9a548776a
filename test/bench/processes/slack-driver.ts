/**
 * "Slack" for the benchmarks, in a process of its own so that it never shares an event loop with
 * the app it measures: it sends signed slash commands over keep-alive HTTP (a closed loop at a
 * fixed concurrency, or an open loop at a fixed rate), and it is the fake Slack the bot talks
 * back to: users.info, chat.postEphemeral / chat.postMessage, and the commands' response_urls,
 * where it notes when each reply arrives.
 */
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { slackSignature, slashCommandBody } from '../../fakes/slack/slack-requests.js';
import { serveParent, signalReady, type ChildMessage } from '../child-process.js';

/** One slash command to send: who, what, and the channel. */
export interface DriverCommand {
  userId: string;
  command: string;
  text: string;
}

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
/** Per response_url key: when its command was sent and when its first post arrived. */
const sentAt = new Map<string, number>();
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

let runs = 0;
/** One keep-alive agent per app and size, kept between runs: connections are opened once, in the warm-up. */
const agents = new Map<string, Agent>();
const agentFor = (url: string, maxSockets: number): Agent => {
  const key = `${url} ${maxSockets}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets });
    agents.set(key, agent);
  }
  return agent;
};

/** A slash command ready to send: its response_url key, body and signed headers. */
interface Signed {
  key: string;
  body: string;
  headers: Record<string, string | number>;
}

/**
 * Builds and signs the commands of a run before it starts: the driver shares the machine's two
 * cores with the app it measures, so the work of a load generator is kept out of the timed loop.
 * (Bolt accepts a signature for five minutes; a run lasts seconds.)
 */
function signAll(secret: string, commands: DriverCommand[], keys: string[]): Signed[] {
  const timestamp = Math.floor(Date.now() / 1000);
  return keys.map((key, i) => {
    const command = commands[i % commands.length]!;
    const body = slashCommandBody(
      { userId: command.userId, channelId: 'CPOOL' },
      command.command,
      command.text,
      {
        responseUrl: `${base}/response/${key}`,
        triggerId: `trigger-${key}`,
      },
    );
    return {
      key,
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': slackSignature(secret, timestamp, body),
      },
    };
  });
}

/** Where to send, as `http.request` options (parsed once per run, not once per request). */
function targetOf(url: string, agent: Agent) {
  const { hostname, port, pathname, search } = new URL(url);
  return {
    method: 'POST',
    agent,
    host: hostname.replace(/^\[|\]$/g, ''),
    port,
    path: `${pathname}${search}`,
  };
}

/** Sends one signed command; resolves with its acknowledgement time or a failure status. */
function send(
  target: ReturnType<typeof targetOf>,
  signed: Signed,
): Promise<{ ms: number; status: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    sentAt.set(signed.key, started);
    const req = request({ ...target, headers: signed.headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }),
      );
    });
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end(signed.body);
  });
}

function collect(
  keys: string[],
  results: { ms: number; status: number }[],
  startedAt: number,
  endedAt: number,
): DriverRun {
  const failures: Record<string, number> = {};
  for (const result of results) {
    if (result.status !== 200) failures[result.status] = (failures[result.status] ?? 0) + 1;
  }
  const answers = keys.map((key) => {
    const arrived = answeredAt.get(key);
    const sent = sentAt.get(key);
    return arrived === undefined || sent === undefined ? -1 : arrived - sent;
  });
  for (const key of keys) {
    sentAt.delete(key);
    answeredAt.delete(key);
  }
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

/** `count` commands, `concurrency` in flight at any moment. */
async function closedLoop(message: ChildMessage): Promise<DriverRun> {
  const { url, secret, commands, count, concurrency } = message as unknown as {
    url: string;
    secret: string;
    commands: DriverCommand[];
    count: number;
    concurrency: number;
  };
  runs += 1;
  const target = targetOf(url, agentFor(url, concurrency));
  const keys = Array.from({ length: count }, (_, i) => `r${runs}-${i}`);
  const signed = signAll(secret, commands, keys);
  const results: { ms: number; status: number }[] = new Array(count);
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
  const endedAt = performance.now();
  if (message.answerTimeoutMs) await waitForAnswers(keys, Number(message.answerTimeoutMs));
  return collect(keys, results, startedAt, endedAt);
}

/** Commands at `rate` a second for `durationMs`, each sent on time whatever the others do. */
async function openLoop(message: ChildMessage): Promise<DriverRun> {
  const { url, secret, commands, rate, durationMs, answerTimeoutMs } = message as unknown as {
    url: string;
    secret: string;
    commands: DriverCommand[];
    rate: number;
    durationMs: number;
    answerTimeoutMs: number;
  };
  runs += 1;
  const count = Math.round((rate * durationMs) / 1000);
  const keys = Array.from({ length: count }, (_, i) => `r${runs}-${i}`);
  const signed = signAll(secret, commands, keys);
  const pending: Promise<{ ms: number; status: number }>[] = [];
  const target = targetOf(url, agentFor(url, 256));
  const startedAt = performance.now();
  for (let i = 0; i < count; i += 1) {
    const due = startedAt + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0.5) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(target, signed[i]!));
  }
  const endedAt = performance.now();
  const results = await Promise.all(pending);
  await waitForAnswers(keys, answerTimeoutMs);
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
        return { ...(await closedLoop(message)) };
      case 'open':
        return { ...(await openLoop(message)) };
      case 'counts':
        return { webApiPosts };
      default:
        throw new Error(`unknown request ${message.type}`);
    }
  },
  async () => {
    for (const agent of agents.values()) agent.destroy();
    server.closeAllConnections();
    server.close();
    return {};
  },
);
signalReady({ url: base, apiUrl: `${base}/api/` });
