import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Keys whose values never reach a log line: secrets, and the personal fields of club records.
 * Logs carry ids (Guids, chat user ids, job ids), never names, contact details or tokens.
 */
export const redactedKeys = [
  'token',
  'apiToken',
  'password',
  'Password',
  'authorization',
  'Authorization-Token',
  'signingSecret',
  'text',
  'name',
  'email',
  'Email',
  'phone',
  'Firstname',
  'FirstName',
  'KnownAs',
  'Lastname',
  'LastName',
  'MobilePhone',
  'HomePhone',
  'MedicalHistory',
  'Allergies',
  'DisabilityDetails',
  'DBSCertificateNumber',
  'Doctor',
  'DoctorPhone',
  'values',
  'reply',
  'options',
];

const redacted = new Set<string>([...redactedKeys, 'headers']);
const censor = '[redacted]';
/** How deep into a log line's objects keys are looked at (the line itself is depth 0). */
const maxDepth = 4;

/**
 * Creates the process logger: JSON lines, with secrets and personal fields redacted, written to
 * standard output by default.
 */
export function createLogger(
  options: { level?: string; component?: string } = {},
  destination: DestinationStream = synchronousDestination(1),
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: options.component ? { component: options.component } : {},
      // A walk over the line's own keys instead of pino's `redact` paths: the 90 wildcard paths
      // cost about 0.2 ms a line, a third of a cached command's work (see the README's Performance).
      formatters: { log: (line) => redactedCopy(line, 0) as Record<string, unknown> },
    },
    destination,
  );
}

/**
 * A file descriptor written synchronously, a turn of the event loop at a time: the lines logged
 * in a turn are written together from `setImmediate`, before the loop waits again, and whatever
 * is left when the process exits (an uncaught error, a shutdown) is written then. A line is out
 * within the turn that logged it, and a crash loses none; only a process killed outright
 * (SIGKILL) can lose the lines of the turn it was in. A busy worker finishes some 17 jobs a turn,
 * each with its line, so this saves it a system call a line (see the README's Performance).
 *
 * Synchronous writes cost less than pino's default (a write handed to libuv's thread pool for
 * every line). A line is a few hundred bytes: a blocked standard output would stall the
 * process, as Node's own `console.log` to a pipe does.
 */
export function synchronousDestination(fd: number): DestinationStream {
  const known = destinations.get(fd);
  if (known) return known;
  const stream = pino.destination({ dest: fd, sync: true, minLength: turnBufferBytes });
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    stream.flushSync();
  };
  process.once('exit', flush);
  const destination: DestinationStream = {
    write(line: string) {
      stream.write(line);
      if (flushScheduled) return;
      flushScheduled = true;
      setImmediate(flush);
    },
  };
  destinations.set(fd, destination);
  return destination;
}

/** One destination a file descriptor, however many loggers write to it: their lines stay in order. */
const destinations = new Map<number, DestinationStream>();

/** Lines are written once this much is waiting, even within a turn. */
const turnBufferBytes = 8 * 1_024;

/**
 * `value` with every redacted key's value replaced, at any depth up to {@link maxDepth}; copied
 * only where something is replaced. Only plain objects and arrays are walked (an Error or a Date
 * is left to pino's serialisers).
 */
export function redactedCopy(value: unknown, depth: number): unknown {
  if (depth > maxDepth || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = redactedCopy(item, depth + 1);
      if (next !== item) (copy ??= [...value])[index] = next;
    });
    return copy ?? value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const next = redacted.has(key) ? censor : redactedCopy(item, depth + 1);
    if (next !== item) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}
