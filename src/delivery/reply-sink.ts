import type { Reply } from '../core/reply.js';
import type { ReplyAddress } from './reply-address.js';

/** Delivers a neutral reply to where it was asked. Slack, Discord and the console implement it. */
export interface ReplySink {
  deliver(address: ReplyAddress, reply: Reply): Promise<void>;
}

/** A delivery failed. `retryAfterMs` (e.g. from a 429's Retry-After) says when to try again. */
export class DeliveryError extends Error {
  readonly code = 'delivery-failed';
  constructor(
    message: string,
    readonly options: {
      retryAfterMs?: number;
      permanent?: boolean;
      /** The place is gone for good (a deleted channel): nothing is posted there again. */
      gone?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryError';
  }
}
