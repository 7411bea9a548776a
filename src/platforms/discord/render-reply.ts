import type { Reply, ReplyAction } from '../../commands/reply.js';
import { encodeCustomId, maxCustomIdLength } from './custom-ids.js';
import type { InteractionState } from './interaction-state.js';
import { renderMessages, type DiscordMessage } from './render-messages.js';

/** Where a rendered reply goes, which decides its buttons. */
export interface RenderReplyContext {
  state: InteractionState;
  /** Only the asker sees the message: "Post to channel" is offered (for replies without personal data). */
  ephemeral: boolean;
  /** Typed form values kept for a "reopen-form" action. Default: none, so that button is left out. */
  reopenStateId?: string;
}

/**
 * The reply as messages, with the state its buttons need stored in Redis: the pages of a long
 * reply (for Prev/Next) and the reply a "Post to channel" button re-posts. A follow-up command
 * travels in its button's custom id; one too long for it is left out (the reply still names it).
 */
export async function renderReply(
  reply: Reply,
  context: RenderReplyContext,
): Promise<DiscordMessage[]> {
  const { state } = context;
  const pagesId = state.newId();
  let postId: string | undefined;
  const buttonId = (action: ReplyAction): string | undefined => {
    switch (action.kind) {
      case 'run-command': {
        if (!action.command) return undefined;
        const id = encodeCustomId({
          kind: 'run',
          command: action.command,
          args: action.args ?? '',
        });
        return id.length <= maxCustomIdLength ? id : undefined;
      }
      case 'post-to-channel':
        if (!context.ephemeral || reply.personalData) return undefined;
        postId ??= state.newId();
        return encodeCustomId({ kind: 'post', stateId: postId });
      case 'reopen-form':
        return context.reopenStateId
          ? encodeCustomId({ kind: 'reopen', stateId: context.reopenStateId })
          : undefined;
    }
  };
  const messages = renderMessages(reply, { buttonId, pagesId });
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
