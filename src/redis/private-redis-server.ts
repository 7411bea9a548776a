import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options for {@link startPrivateRedis}. */
export interface PrivateRedisOptions {
  /** Keep an append-only file, as production Redis should. Default: false (nothing on disk). */
  appendOnly?: boolean;
  /** Folder for the socket and any AOF. Default: a new temporary folder, removed on stop. */
  dir?: string;
  /** How long to wait for the server to accept connections. Default: 5000 ms. */
  startTimeoutMs?: number;
}

/** A redis-server of our own, reached through a unix socket (no TCP port, so no clashes). */
export interface PrivateRedis {
  /** A REDIS_URL for it: the socket path, which ioredis accepts as a URL. */
  readonly url: string;
  readonly dir: string;
  stop(): Promise<void>;
}

/** Thrown when `redis-server` is not installed; its message says how to install it. */
export class RedisServerMissingError extends Error {
  constructor() {
    super(
      'redis-server is not installed: install it with `sudo apt-get install redis-server` (Debian/Ubuntu) or `brew install redis` (macOS), or set REDIS_URL to a Redis you run.',
    );
    this.name = 'RedisServerMissingError';
  }
}

export function isRedisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Starts a private `redis-server` with no persistence (unless asked) and `noeviction`. */
export async function startPrivateRedis(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  if (!isRedisServerInstalled()) throw new RedisServerMissingError();
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'club-bot-redis-'));
  const socket = join(dir, 'redis.sock');
  const args = [
    '--port',
    '0',
    '--unixsocket',
    socket,
    '--unixsocketperm',
    '700',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.appendOnly ? 'yes' : 'no',
    '--maxmemory-policy',
    'noeviction',
    '--loglevel',
    'warning',
  ];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  try {
    await waitForSocket(socket, options.startTimeoutMs ?? 5000, () => child.exitCode !== null);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start: ${stderr.trim() || String(error)}`);
  }

  return {
    url: socket,
    dir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForSocket(
  path: string,
  timeoutMs: number,
  hasExited: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('the process exited');
    if (await answersPing(path)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer on ${path} within ${timeoutMs} ms`);
}

function answersPing(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ path });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}
