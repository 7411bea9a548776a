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

const paths = [
  ...redactedKeys,
  ...redactedKeys.map((key) => `*.${key}`),
  ...redactedKeys.map((key) => `*.*.${key}`),
  'req.headers',
  'headers',
];

/** Creates the process logger: JSON lines, with secrets and personal fields redacted. */
export function createLogger(
  options: { level?: string; component?: string } = {},
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: options.component ? { component: options.component } : {},
      redact: { paths: paths.map(toPinoPath), censor: '[redacted]' },
    },
    destination,
  );
}

function toPinoPath(path: string): string {
  // pino paths use brackets for keys that are not identifiers, e.g. ["Authorization-Token"].
  return path
    .split('.')
    .map((part, index) =>
      /^[A-Za-z_*][\w]*$/.test(part) ? (index === 0 ? part : `.${part}`) : `["${part}"]`,
    )
    .join('');
}
