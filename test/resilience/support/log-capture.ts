import type { ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createLogger, type Logger } from '../../../src/log.js';

let files = 0;

/** The folder the whole resilience run logs into. */
export function logDir(): string {
  return inject('resilienceLogDir');
}

function logFile(name: string): string {
  files += 1;
  return join(logDir(), `${name}-${process.pid}-${files}.log`);
}

/** The production logger (its redaction included) at debug, writing to the run's log folder. */
export function capturedLogger(name: string): Logger {
  return createLogger(
    { level: 'debug', role: name },
    pino.destination({ dest: logFile(name), sync: true }),
  );
}

/**
 * Copies a child process's stdout and stderr into the run's log folder. Returns the file, so a
 * scenario can also read the lines a process wrote.
 */
export function captureChildOutput(child: ChildProcess, name: string): string {
  const file = logFile(name);
  const out = createWriteStream(file, { flags: 'a' });
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  // Ends once both pipes are drained, so every line the process wrote is in the file.
  let open = [child.stdout, child.stderr].filter((stream) => stream !== null).length;
  const closed = () => (open -= 1) === 0 && out.end();
  child.stdout?.once('end', closed);
  child.stderr?.once('end', closed);
  written.add(new Promise<void>((resolve) => out.once('close', () => resolve())));
  return file;
}

const written = new Set<Promise<void>>();

/** Waits until every child process started so far has exited and its output is in its file. */
export async function childOutputWritten(): Promise<void> {
  await Promise.all(written);
}

/** Every log file of the run so far, by name, with its text. */
export function readAllLogs(): { file: string; text: string }[] {
  return readdirSync(logDir())
    .filter((file) => file.endsWith('.log'))
    .map((file) => ({ file, text: readFileSync(join(logDir(), file), 'utf8') }));
}
