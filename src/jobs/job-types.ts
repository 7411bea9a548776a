import type { ChatUser } from '../core/chat-user.js';
import type { FormId, FormValues } from '../core/form.js';
import { type ReplyAddress, replyAddressSchema } from '../delivery/reply-address.js';
import type { SealedPlace } from '../redis/sealer.js';
import { z } from 'zod';
import { chatUserSchema, formIdSchema, formValuesSchema } from '../core/core-schemas.js';

/** A command to run, as an adapter enqueues it. */
export interface CommandRequest {
  /** Correlation id, carried from the adapter through the job to the reply's log lines. */
  id: string;
  /** The registry name, e.g. "session" or "incident list". */
  command: string;
  options: Record<string, string>;
  user: ChatUser;
  replyTo: ReplyAddress;
  receivedAt: number;
}

/** A submitted form, to be filed with the club service exactly once. */
export interface FormSubmission {
  id: string;
  /** The idempotency key: the platform's submission id (Slack view id + hash, Discord interaction id). */
  key: string;
  form: FormId;
  values: FormValues;
  /** Filed even if it looks already on file: the person was shown the likely duplicate and said so. */
  confirmed?: boolean;
  user: ChatUser;
  replyTo: ReplyAddress;
  receivedAt: number;
}

/** What each job carries, by job name, before it is sealed. */
export interface JobPayloads {
  command: { request: CommandRequest };
  form: { submission: FormSubmission };
  /** One occurrence of a digest, made by its job scheduler (the occurrence is the job's). */
  digest: { subscriptionId: string };
}

export type JobName = keyof JobPayloads;

/**
 * A job's data in Redis: the payload sealed, since it holds what a person typed and who they
 * are. Bull Board and failure records show only this.
 */
export interface SealedJobData {
  sealed: string;
  /** How many times an admin ran it again after it failed (`npm run jobs -- retry`). Default: 0. */
  retried?: number;
}

/**
 * Where a job's payload is sealed: its queue (BullMQ's qualified name, prefix and queue) and its
 * name, so a payload copied into another club's queue, or to another kind of job, does not open.
 * Its id is not bound: a job scheduler's template becomes jobs of ids not known when it is sealed.
 */
export function jobDataAt(queueQualifiedName: string, name: JobName): SealedPlace {
  return { kind: 'job', key: queueQualifiedName, field: name };
}

/** What a finished job leaves in Redis: an outcome, never the reply (it may hold personal data). */
export interface JobResult {
  outcome:
    'answered' | 'filed' | 'already-filed' | 'refused' | 'rejected' | 'failed' | DigestOutcome;
}

/**
 * What became of a digest's occurrence: posted (late, when the bot was down at the time), nothing
 * to say, missed by too long, skipped for want of budget, nobody entitled to it, its subscription
 * gone, or already run by an earlier attempt.
 */
export type DigestOutcome =
  | 'posted'
  | 'posted-late'
  | 'nothing-due'
  | 'missed'
  | 'skipped'
  | 'no-recipients'
  | 'gone'
  | 'already-run';

/** A finished job, for metrics and the one log line per command. */
export interface JobFinished {
  name: JobName;
  /** The correlation id of the command or submission. */
  id: string;
  /** The command name ("session") or the form ("incident"). */
  what: string;
  outcome: JobResult['outcome'];
  /** How long this attempt ran. */
  durationMs: number;
  /** From the adapter receiving it to the reply (includes waiting in the queue). */
  answerMs: number;
}

/** Each job's payload as zod reads it back from its sealed job data (Redis is untrusted). */
export const jobPayloadSchemas = {
  command: z.object({
    request: z.object({
      id: z.string(),
      command: z.string(),
      options: z.record(z.string(), z.string()),
      user: chatUserSchema,
      replyTo: replyAddressSchema,
      receivedAt: z.number(),
    }),
  }),
  form: z.object({
    submission: z.object({
      id: z.string(),
      key: z.string(),
      form: formIdSchema,
      values: formValuesSchema,
      confirmed: z.boolean().optional(),
      user: chatUserSchema,
      replyTo: replyAddressSchema,
      receivedAt: z.number(),
    }),
  }),
  digest: z.object({ subscriptionId: z.string() }),
} satisfies { [N in JobName]: z.ZodType<JobPayloads[N]> };
