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
 * standard output by default. `role` names the process (bot, worker, all, demo) on every line;
 * `component` is left to children (`logger.child({ component: 'slack' })`), since pino writes a
 * key a child repeats twice on one line.
 */
export function createLogger(
  options: { level?: string; role?: string } = {},
  destination: DestinationStream = synchronousDestination(1),
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: options.role ? { role: options.role } : {},
      // A walk over the line's keys rather than pino's `redact` paths: it finds a redacted key at
      // any depth, where paths must name every place one might appear.
      formatters: { log: (line) => redactedCopy(line, 0) as Record<string, unknown> },
    },
    destination,
  );
}

/**
 * A file descriptor written synchronously: each line is out before the code after it runs, so a
 * crash loses none. A blocked standard output would stall the process, as `console.log` does.
 */
export function synchronousDestination(fd: number): DestinationStream {
  return pino.destination({ dest: fd, sync: true });
}

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
