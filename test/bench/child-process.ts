import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const compiledDir = new URL('../../.tmp/bench-dist/test/bench/processes/', import.meta.url);
let compiled = false;

/**
 * Compiles the child processes (and the src they import) with tsc into `.tmp/bench-dist`, so that
 * they run as production runs (`node dist/main.js`, plain JavaScript): under tsx each process
 * would also carry tsx's loader, a second V8 isolate of about 35 MB, and B5 measures memory.
 */
export function compileChildren(): void {
  const tsconfig = fileURLToPath(new URL('./tsconfig.processes.json', import.meta.url));
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const result = spawnSync(process.execPath, [tsc, '-p', tsconfig], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`compiling the bench processes failed:\n${result.stdout}${result.stderr}`);
  }
  compiled = true;
}

/** A message between the runner and a bench child: a type, a sequence number, and fields. */
export interface ChildMessage {
  type: string;
  seq?: number;
  [field: string]: unknown;
}

/** A bench child process spoken to over IPC: one request, one answer with the same `seq`. */
export interface BenchChild {
  readonly pid: number;
  readonly ready: ChildMessage;
  request<T = ChildMessage>(message: ChildMessage, timeoutMs?: number): Promise<T>;
  /** Sends `stop`, waits for its answer (the child's last words, e.g. its peak RSS) and its exit. */
  stop<T = ChildMessage>(timeoutMs?: number): Promise<T | undefined>;
}

/**
 * Forks `test/bench/processes/<name>`, compiled by {@link compileChildren} (or under tsx when not
 * compiled, for a quick try), and waits for its `ready` message. Each child is a process of its
 * own: its own event loop and its own memory.
 */
export async function startChild(
  name: string,
  env: Record<string, string> = {},
  readyTimeoutMs = 30_000,
): Promise<BenchChild> {
  const path = fileURLToPath(
    compiled
      ? new URL(`${name}.js`, compiledDir)
      : new URL(`./processes/${name}.ts`, import.meta.url),
  );
  const child = fork(path, [], {
    execArgv: compiled ? [] : ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const waiting = new Map<number, (message: ChildMessage) => void>();
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const ready = await new Promise<ChildMessage>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} was not ready in ${readyTimeoutMs} ms`)),
      readyTimeoutMs,
    );
    child.once('exit', (code) => reject(new Error(`${name} exited early with ${code}`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
        return;
      }
      if (message.seq !== undefined) waiting.get(message.seq)?.(message);
    });
  });

  function request<T = ChildMessage>(message: ChildMessage, timeoutMs = 600_000): Promise<T> {
    seq += 1;
    const id = seq;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`${name} did not answer ${message.type} in ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.type === 'error') reject(new Error(`${name}: ${String(answer.message)}`));
        else resolve(answer as T);
      });
      child.send({ ...message, seq: id });
    });
  }

  return {
    pid: child.pid ?? -1,
    ready,
    request,
    async stop<T = ChildMessage>(timeoutMs = 30_000) {
      if (exited) return undefined;
      let last: T | undefined;
      try {
        last = await request<T>({ type: 'stop' }, timeoutMs);
      } catch {
        kill(child);
      }
      await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
      if (!exited) kill(child);
      return last;
    },
  };
}

function kill(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * The child's side: answers each request with `handle`'s result (same `seq`), reports errors as
 * `{ type: 'error' }`, and exits after answering `stop`.
 */
export function serveParent(
  handle: (message: ChildMessage) => Promise<Record<string, unknown>>,
  onStop: () => Promise<Record<string, unknown>>,
): void {
  const send = (message: ChildMessage) =>
    new Promise<void>((resolve) => process.send?.(message, undefined, {}, () => resolve()));
  process.on('message', (message: ChildMessage) => {
    const stopping = message.type === 'stop';
    void (stopping ? onStop() : handle(message)).then(
      async (answer) => {
        await send({ type: `${message.type}-done`, ...answer, seq: message.seq });
        if (stopping) process.exit(0);
      },
      async (error: unknown) => {
        await send({
          type: 'error',
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          seq: message.seq,
        });
        if (stopping) process.exit(1);
      },
    );
  });
  // The runner going away (Ctrl-C, a crash) takes the children with it.
  process.on('disconnect', () => process.exit(0));
}

/** Tells the runner the child is ready, with anything it needs to know (a URL, a port). */
export function signalReady(fields: Record<string, unknown> = {}): void {
  process.send?.({ type: 'ready', ...fields });
}
