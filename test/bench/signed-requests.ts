import { Agent, request } from 'node:http';
import { slackSignature, slashCommandBody } from '../fakes/slack/slack-requests.js';

/** One slash command to send: who and what. */
export interface DriverCommand {
  userId: string;
  command: string;
  text: string;
}

/** A slash command ready to send: its response_url key, body and signed headers. */
export interface Signed {
  key: string;
  body: string;
  headers: Record<string, string | number>;
}

/** How one request went: when it was sent, how long its HTTP answer took, and its status. */
export interface Sent {
  sentAt: number;
  ms: number;
  status: number;
}

/**
 * Builds and signs a run's commands before it starts, so that the load generator's own work stays
 * out of the timed loop. (Bolt accepts a signature for five minutes; a run lasts seconds.)
 */
export function signAll(
  secret: string,
  commands: DriverCommand[],
  keys: string[],
  responseBase: string,
): Signed[] {
  const timestamp = Math.floor(Date.now() / 1000);
  return keys.map((key, i) => {
    const command = commands[i % commands.length]!;
    const person = { userId: command.userId, channelId: 'CPOOL' };
    const body = slashCommandBody(person, command.command, command.text, {
      responseUrl: `${responseBase}/response/${key}`,
      triggerId: `trigger-${key}`,
    });
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

/** One keep-alive agent per app and size, kept between runs: connections are opened once. */
const agents = new Map<string, Agent>();

/** Where to send, as `http.request` options, over a kept keep-alive agent. */
export function targetOf(url: string, maxSockets: number) {
  const key = `${url} ${maxSockets}`;
  const agent = agents.get(key) ?? new Agent({ keepAlive: true, maxSockets });
  agents.set(key, agent);
  const { hostname, port, pathname, search } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  return { method: 'POST', agent, host, port, path: `${pathname}${search}` };
}

/** Sends one signed command; resolves when its HTTP answer has ended, or failed (status 0). */
export function send(target: ReturnType<typeof targetOf>, signed: Signed): Promise<Sent> {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    const done = (status: number) => resolve({ sentAt, ms: performance.now() - sentAt, status });
    const req = request({ ...target, headers: signed.headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', () => done(0));
    req.end(signed.body);
  });
}

/** Closes the kept connections. */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
}
