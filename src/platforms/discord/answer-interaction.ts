import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type BaseMessageOptions,
  type ModalSubmitInteraction,
} from 'discord.js';
import { textReply, type Reply } from '../../core/reply.js';
import { TemporarilyUnavailableError, withTimeout } from '../../errors.js';
import type { DiscordMessage } from './render-reply.js';
import { renderWithState, type InteractionState } from './state.js';

/** Interactions the adapter answers with messages. */
export type AnswerableInteraction =
  ChatInputCommandInteraction | ButtonInteraction | ModalSubmitInteraction;

/** The message options every discord.js answer method takes. */
export type MessageOptions = Pick<
  BaseMessageOptions,
  'content' | 'embeds' | 'components' | 'allowedMentions'
>;

/** A rendered message as discord.js takes it (its option names are camelCase). */
export function messageOptions(message: DiscordMessage): MessageOptions {
  return {
    ...(message.content ? { content: message.content } : {}),
    embeds: message.embeds,
    components: message.components,
    allowedMentions: { parse: [] },
  };
}

/** Answers at once, visible to the asker only (help, refusals, expired buttons). */
export async function replyPrivately(
  interaction: AnswerableInteraction,
  reply: Reply,
  state: InteractionState,
): Promise<void> {
  const message = await privateMessage(interaction, reply, state);
  if (!message) return;
  await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
}

/**
 * Answers an interaction already deferred. An ephemeral deferral is edited; a public one is
 * removed and the answer sent as an ephemeral follow-up, because a refusal or a mistyped option
 * is the asker's business only (a deferral's visibility cannot change afterwards).
 */
export async function answerDeferred(
  interaction: AnswerableInteraction,
  ephemeral: boolean,
  reply: Reply,
  state: InteractionState,
): Promise<void> {
  const message = await privateMessage(interaction, reply, state);
  if (!message) return;
  if (ephemeral) {
    await interaction.editReply(message);
    return;
  }
  await interaction.deleteReply();
  await interaction.followUp({ ...message, flags: MessageFlags.Ephemeral });
}

/** The first message of a reply only its asker sees, with its buttons' state kept. */
async function privateMessage(
  interaction: AnswerableInteraction,
  reply: Reply,
  state: InteractionState,
): Promise<MessageOptions | undefined> {
  const [message] = await renderWithState(reply, {
    state,
    ephemeral: true,
    userId: interaction.user.id,
  });
  return message && messageOptions(message);
}

export function unavailableReply(): Reply {
  return textReply(new TemporarilyUnavailableError().message, {
    tone: 'warning',
    title: 'Temporarily unavailable',
  });
}

/** A button whose state is gone (kept 15 minutes) or that an older version made. */
export function expiredReply(what: string): Reply {
  return textReply(`${what} Run the command again.`, { tone: 'warning' });
}

/**
 * How long the adapter waits for Redis before a first response that cannot be deferred (a modal,
 * autocomplete): Discord's 3 s, less time for the response itself to travel.
 */
export const firstResponseDeadlineMs = 2_500;

/**
 * Runs `work`, or throws {@link TemporarilyUnavailableError} once `ms` have passed. Unlike the
 * dispatcher's guard, other errors pass through as they are (they are bugs, not a slow Redis).
 */
export function beforeDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return withTimeout(ms, work, () => new TemporarilyUnavailableError());
}
