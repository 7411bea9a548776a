import { createHash } from 'node:crypto';

/** Stable codes of the club client's errors; the queue maps them to retry semantics in one place. */
export type ClubErrorCode =
  'validation' | 'unauthorised' | 'budget-exhausted' | 'not-found' | 'service-fault';

/** Any failure of a club-service call. `retryable` says whether trying again later can help. */
export abstract class ClubError extends Error {
  abstract readonly code: ClubErrorCode;
  abstract readonly retryable: boolean;

  /**
   * The service's own message (masked, at most 200 characters), for the person whose request it
   * answers; never in `message`, and not enumerable, so no log line or serialised error holds it.
   */
  declare readonly serviceMessage: string;

  constructor(
    message: string,
    /** The HTTP status, when the service answered. */
    readonly status: number | undefined,
    serviceMessage: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
    Object.defineProperty(this, 'serviceMessage', { value: serviceMessage, enumerable: false });
  }
}

/** 400 (and other 4xx the spec does not name): the data is wrong; the service's message says how. */
export class ClubValidationError extends ClubError {
  readonly code = 'validation';
  readonly retryable = false;
  constructor(status: number, serviceMessage: string, trace = bodyTraceOf(serviceMessage)) {
    super(`The club service rejected the data (${status}; ${trace}).`, status, serviceMessage);
  }
}

/** 401: the API token was rejected. */
export class ClubUnauthorisedError extends ClubError {
  readonly code = 'unauthorised';
  readonly retryable = false;
  constructor(serviceMessage: string) {
    super(
      'The club service rejected the API token (401). An administrator can reset it on the club details page of the club setup area of the club management web application, then set CLUB_API_TOKEN to the new token.',
      401,
      serviceMessage,
    );
  }
}

/** 403: the service's calls for the current 24 hours are used up. */
export class ClubBudgetExhaustedError extends ClubError {
  readonly code = 'budget-exhausted';
  readonly retryable = true;
  constructor(serviceMessage: string) {
    super(
      'The club service says the daily call limit is used up (403); calls come back as the 24-hour window moves on.',
      403,
      serviceMessage,
    );
  }
}

/** 404: no record with that Guid. */
export class ClubNotFoundError extends ClubError {
  readonly code = 'not-found';
  readonly retryable = false;
  constructor(path: string, serviceMessage: string) {
    super(`The club service has no record at ${path} (404).`, 404, serviceMessage);
  }
}

/** 500, other 5xx, a network failure, a timeout or an unreadable answer: worth retrying. */
export class ClubServiceFaultError extends ClubError {
  readonly code = 'service-fault';
  readonly retryable = true;
  constructor(
    message: string,
    status: number | undefined,
    serviceMessage = '',
    options?: { cause?: unknown },
  ) {
    super(message, status, serviceMessage, options);
  }
}

/**
 * Maps a non-2xx answer to its typed error. `trace` names the raw body by length and hash (see
 * {@link bodyTraceOf}); the service's words are kept only as `serviceMessage`.
 */
export function errorForStatus(
  status: number,
  path: string,
  serviceMessage: string,
  trace = bodyTraceOf(serviceMessage),
): ClubError {
  switch (status) {
    case 401:
      return new ClubUnauthorisedError(serviceMessage);
    case 403:
      return new ClubBudgetExhaustedError(serviceMessage);
    case 404:
      return new ClubNotFoundError(path, serviceMessage);
    default:
      if (status >= 500 || status === 408 || status === 429) {
        return new ClubServiceFaultError(
          `The club service failed (${status}; ${trace}).`,
          status,
          serviceMessage,
        );
      }
      return new ClubValidationError(status, serviceMessage, trace);
  }
}

/**
 * An error body as a log line may name it: its length and a short hash, never its words (it may
 * echo a child's record: a name, a date of birth, an address, a health note). An operator matches
 * the hash against the body in the club service's own logs, found by the time and the job's id.
 */
export function bodyTraceOf(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  if (text === '') return 'empty body';
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return `body ${text.length} characters, sha256 ${hash}`;
}

/** The most of the service's error text kept: enough to say what was wrong, no more. */
const maxServiceText = 200;

/**
 * Reads an error body of unknown shape (text, or JSON with a message field; never assumes JSON)
 * as at most 200 characters, with e-mails, phone numbers and long digit runs masked: the service
 * may echo the record back. It is told to the person whose request it answers, never logged.
 */
export function serviceMessageOf(body: unknown): string {
  return maskPersonalText(rawMessageOf(body)).slice(0, maxServiceText);
}

function rawMessageOf(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body.trim();
  if (typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['Message', 'message', 'error', 'Error', 'detail', 'title']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return JSON.stringify(body);
}

/** `text` with e-mail addresses, phone numbers and runs of six or more digits masked. */
export function maskPersonalText(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]')
    .replace(/\+?\d[\d\s().-]{8,}\d/g, '[phone]')
    .replace(/\d{6,}/g, '[number]');
}
