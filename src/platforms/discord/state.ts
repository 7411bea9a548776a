import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Sealer } from '../../redis/sealer.js';
import type { FormId, FormValues } from '../../core/form.js';
import type { Reply, ReplyAction } from '../../core/reply.js';
import { encodeCustomId, maxCustomIdLength } from './custom-ids.js';
import { renderReply, type DiscordMessage } from './render-reply.js';

/** What a button refers to by id, kept in Redis because a custom id holds 100 characters. */
export type StateKind = 'reopen' | 'pages' | 'post' | 'follow-up';

/**
 * Short-lived state behind buttons: typed form values for "Reopen the form", the pages of a long
 * reply, a reply to re-post, a follow-up command too long for its button. Every entry expires
 * (default 15 minutes), because some hold personal data; a button pressed later says so and asks
 * to run the command again.
 */
export interface InteractionState {
  /** A fresh random id (a custom id needs it before the state is stored). */
  newId(): string;
  put(kind: StateKind, id: string, value: unknown, ttlMs?: number): Promise<void>;
  get<T>(kind: StateKind, id: string): Promise<T | undefined>;
}

/** How long button state is kept: the life of an interaction token. */
export const defaultStateTtlMs = 15 * 60_000;

export function createInteractionState(
  redis: Redis,
  prefix: string,
  sealer: Sealer,
): InteractionState {
  const key = (kind: StateKind, id: string) => `${prefix}:discord:${kind}:${id}`;
  return {
    newId: () => randomBytes(12).toString('base64url'),
    async put(kind, id, value, ttlMs = defaultStateTtlMs) {
      const at = key(kind, id);
      await redis.set(at, sealer.sealJson(value, { kind: 'discord-state', key: at }), 'PX', ttlMs);
    },
    async get<T>(kind: StateKind, id: string) {
      const at = key(kind, id);
      // Sealed under a retired key, or moved: as if it had expired.
      return sealer.openJsonOrAbsent<T>(await redis.get(at), { kind: 'discord-state', key: at });
    },
  };
}

/** State for answers outside any club (refusals): nothing is kept, and nothing is found. */
export const noState: InteractionState = {
  newId: () => randomBytes(12).toString('base64url'),
  put: () => Promise.reject(new Error('outside a club, no button state is kept')),
  get: () => Promise.resolve(undefined),
};

/** Where a rendered reply goes, which decides its buttons. */
export interface RenderWithStateContext {
  state: InteractionState;
  /** Only the asker sees the message: "Post to channel" is offered (for replies without personal data). */
  ephemeral: boolean;
  /** The Discord user the reply is for: only they may reopen a form it keeps. */
  userId: string;
}

/** A follow-up command kept for its button: what it runs, with what. */
export interface FollowUp {
  command: string;
  args: string;
}

/** What "Reopen the form" opens again: the form, filled in with what was typed, for its owner. */
export interface KeptForm {
  form: FormId;
  values: FormValues;
  userId: string;
}

/**
 * The reply as messages, with the state its buttons need stored in Redis: the pages of a long
 * reply (for Prev/Next), the reply a "Post to channel" button re-posts, and the typed values a
 * "reopen-form" button shows again (a reopen action without its form is left out: the reply lists
 * what was typed). A follow-up command travels in its button's custom id, or in Redis when it is
 * too long for one (a long session name with "page 2").
 */
export async function renderWithState(
  reply: Reply,
  context: RenderWithStateContext,
): Promise<DiscordMessage[]> {
  const { state } = context;
  const pagesId = state.newId();
  let postId: string | undefined;
  const kept = new Map<string, KeptForm>();
  const followUps = new Map<string, FollowUp>();
  const buttonId = (action: ReplyAction): string | undefined => {
    switch (action.kind) {
      case 'run-command': {
        if (!action.command) return undefined;
        const followUp = { command: action.command, args: action.args ?? '' };
        const id = encodeCustomId({ kind: 'run', ...followUp });
        if (id.length <= maxCustomIdLength) return id;
        const stateId = state.newId();
        followUps.set(stateId, followUp);
        return encodeCustomId({ kind: 'follow-up', stateId });
      }
      case 'post-to-channel':
        if (!context.ephemeral || reply.personalData) return undefined;
        postId ??= state.newId();
        return encodeCustomId({ kind: 'post', stateId: postId });
      case 'reopen-form':
      case 'confirm-form': {
        if (!action.form) return undefined;
        const stateId = state.newId();
        kept.set(stateId, {
          form: action.form.id,
          values: action.form.values,
          userId: context.userId,
        });
        const kind = action.kind === 'reopen-form' ? 'reopen' : 'confirm';
        return encodeCustomId({ kind, stateId });
      }
    }
  };
  const messages = renderReply(reply, { buttonId, pagesId });
  for (const [stateId, form] of kept) await state.put('reopen', stateId, form);
  for (const [stateId, followUp] of followUps) await state.put('follow-up', stateId, followUp);
  if (messages.length > 1) await state.put('pages', pagesId, messages);
  if (postId) {
    const shared: Reply = {
      ...reply,
      visibility: 'channel',
      actions: reply.actions?.filter((action) => action.kind !== 'post-to-channel'),
    };
    await state.put('post', postId, shared);
  }
  return messages;
}
