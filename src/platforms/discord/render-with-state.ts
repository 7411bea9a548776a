import type { FormId, FormValues } from '../../commands/form.js';
import type { Reply, ReplyAction } from '../../commands/reply.js';
import { encodeCustomId, maxCustomIdLength } from './custom-ids.js';
import type { InteractionState } from './state.js';
import { renderMessages, type DiscordMessage } from './render-reply.js';

/** Where a rendered reply goes, which decides its buttons. */
export interface RenderReplyContext {
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
export async function renderReply(
  reply: Reply,
  context: RenderReplyContext,
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
      case 'reopen-form': {
        if (!action.form) return undefined;
        const stateId = state.newId();
        kept.set(stateId, {
          form: action.form.id,
          values: action.form.values,
          userId: context.userId,
        });
        return encodeCustomId({ kind: 'reopen', stateId });
      }
    }
  };
  const messages = renderMessages(reply, { buttonId, pagesId });
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
