import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { onTestFinished } from 'vitest';
import { captureChildOutput } from './log-capture.js';

/** A worker process of the scenario, its output captured into the run's logs. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Lines it printed that are not log lines (e.g. "frozen <id>"). */
  notices: string[];
  /** The file its stdout and stderr go to. */
  logFile: string;
  /** Resolves when it has exited, with its code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<WorkerProcess>();

/**
 * Starts `test/resilience/fixtures/worker-process.ts`; resolves once it takes jobs. It is stopped
 * when the test that started it finishes (before the stack it works for closes).
 */
export function startWorkerProcess(
  env: Record<string, string>,
  name: string,
  timeoutMs = 20_000,
): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/resilience/fixtures/worker-process.ts'],
    { env: { ...process.env, LOG_LEVEL: 'debug', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const logFile = captureChildOutput(child, name);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const worker: WorkerProcess = {
    child,
    notices: [],
    logFile,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  running.add(worker);
  onTestFinished(() => stopForGood(worker));
  void exited.then(() => running.delete(worker));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker ${name} was not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{')) return;
      worker.notices.push(line);
      if (line === 'ready') {
        clearTimeout(timer);
        resolve(worker);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`worker ${name} exited before it was ready (${code ?? signal})`));
    });
  });
}

/** Stops every worker process still running (SIGTERM, then SIGKILL after 10 s). */
export async function stopAllWorkerProcesses(): Promise<void> {
  await Promise.all([...running].map(stopForGood));
}

async function stopForGood(worker: WorkerProcess): Promise<void> {
  const killer = setTimeout(() => worker.child.kill('SIGKILL'), 10_000);
  await worker.stop('SIGTERM');
  clearTimeout(killer);
}
