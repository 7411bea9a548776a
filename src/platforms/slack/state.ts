import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Sealer } from '../../redis/sealer.js';
import type { FormId, FormValues } from '../../core/form.js';
import type { Reply, ReplyAction } from '../../core/reply.js';
import { withinOrUnavailable } from '../../errors.js';
import { clubKeys } from '../../redis/club-keys.js';
import { z } from 'zod';
import { formIdSchema, formValuesSchema, replySchema } from '../../core/core-schemas.js';

/** Options for {@link createSlackState}. */
export interface SlackStateOptions {
  redis: Redis;
  prefix: string;
  /** Seals what is kept: replies and typed form values hold personal data. */
  sealer: Sealer;
  /** How long a "Post to channel" button works. Default: 1 hour. */
  postTtlSeconds?: number;
  /** How long a "Try again" button reopens the form filled in. Default: 30 minutes. */
  formTtlSeconds?: number;
  /** How long Redis may take before the person hears "temporarily unavailable". Default: 1000 ms. */
  timeoutMs?: number;
}

/** A form to open again with what was typed, by the person who typed it. */
export interface KeptForm {
  id: FormId;
  values: FormValues;
  /** The Slack user the reply went to: only they may reopen it. */
  owner: string;
}

const keptFormSchema = z.object({
  id: formIdSchema,
  values: formValuesSchema,
  owner: z.string(),
}) satisfies z.ZodType<KeptForm>;

/**
 * Short-lived state behind buttons, kept in Redis under a random token that the button carries
 * (a button value is visible to Slack clients and holds 2000 characters at most): the reply a
 * "Post to channel" press posts, and the values a "Try again" press fills back in.
 */
export interface SlackState {
  keepReply(reply: Reply): Promise<string>;
  /** The kept reply, once: a second press of the same button posts nothing. */
  takeReply(token: string): Promise<Reply | undefined>;
  keepForm(form: KeptForm): Promise<string>;
  /** The kept form; it stays until it expires, so closing the reopened form loses nothing. */
  readForm(token: string): Promise<KeptForm | undefined>;
}

export function createSlackState(options: SlackStateOptions): SlackState {
  const { redis, prefix } = options;
  const timeoutMs = options.timeoutMs ?? 1_000;
  const key = (kind: string, token: string) => clubKeys(prefix).slackState(kind, token);
  const newToken = () => randomBytes(16).toString('base64url');
  const bounded = <T>(work: () => Promise<T>) => withinOrUnavailable(timeoutMs, work);
  const at = (kind: string, token: string) => ({
    kind: 'slack-state' as const,
    key: key(kind, token),
  });
  const parse = <T>(text: string | null, kind: string, token: string, schema: z.ZodType<T>) =>
    options.sealer.openJsonOrAbsent(text, at(kind, token), schema);
  return {
    async keepReply(reply) {
      const token = newToken();
      await bounded(() =>
        redis.set(
          key('post', token),
          options.sealer.sealJson(reply, at('post', token)),
          'EX',
          options.postTtlSeconds ?? 3_600,
        ),
      );
      return token;
    },
    async takeReply(token) {
      const text = await bounded(() => redis.getdel(key('post', token)));
      return parse(text, 'post', token, replySchema);
    },
    async keepForm(form) {
      const token = newToken();
      await bounded(() =>
        redis.set(
          key('form', token),
          options.sealer.sealJson(form, at('form', token)),
          'EX',
          options.formTtlSeconds ?? 1_800,
        ),
      );
      return token;
    },
    async readForm(token) {
      const text = await bounded(() => redis.get(key('form', token)));
      return parse(text, 'form', token, keptFormSchema);
    },
  };
}

/**
 * Keeps what the reply's buttons need and returns their values by action id. A reply with
 * personal data gets no "Post to channel" state at all: it is never posted to a channel.
 */
export async function keepActionState(
  reply: Reply,
  state: SlackState,
  owner: string,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  let postToken: string | undefined;
  for (const action of reply.actions ?? []) {
    if (action.kind === 'post-to-channel' && !reply.personalData) {
      postToken ??= await state.keepReply({ ...reply, actions: undefined });
      values[action.id] = postToken;
    }
    if ((action.kind === 'reopen-form' || action.kind === 'confirm-form') && action.form) {
      values[action.id] = await state.keepForm({ ...action.form, owner });
    }
  }
  return values;
}

/**
 * Block Kit `action_id`s of the bot's buttons start with the action's kind, so one listener per
 * kind finds them (`app.action(actionIdPattern['run-command'])`).
 */
export const actionIdPattern: Readonly<Record<ReplyAction['kind'], RegExp>> = {
  'run-command': /^run-command:/,
  'post-to-channel': /^post-to-channel:/,
  'reopen-form': /^reopen-form:/,
  'confirm-form': /^confirm-form:/,
};

/** The `action_id` of a button: its kind, then the reply's id for it (unique within the reply). */
export function actionIdOf(action: Pick<ReplyAction, 'kind' | 'id'>): string {
  return `${action.kind}:${action.id}`.slice(0, 255);
}

/** What a "run this command" button carries: the registry name and the text after it. */
export interface RunCommandValue {
  command: string;
  args: string;
}

/** The button value of a `run-command` action (a command name and a name or Guid: well under 2000). */
export function runCommandValue(action: ReplyAction): string | undefined {
  if (action.kind !== 'run-command' || !action.command) return undefined;
  const value = JSON.stringify({ command: action.command, args: action.args ?? '' });
  return value.length <= 2000 ? value : undefined;
}

/** Reads a `run-command` button value; undefined when it is not one. */
export function readRunCommandValue(value: string | undefined): RunCommandValue | undefined {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { command, args } = parsed as Record<string, unknown>;
    if (typeof command !== 'string' || typeof args !== 'string') return undefined;
    return { command, args };
  } catch {
    return undefined;
  }
}
