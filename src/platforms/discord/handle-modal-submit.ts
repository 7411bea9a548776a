import { MessageFlags, type ModalSubmitInteraction } from 'discord.js';
import type { Asker } from '../../core/chat-user.js';
import { formCommands } from '../../commands/form-commands.js';
import { formInvalidReply } from '../../core/form-replies.js';
import type { Reply } from '../../core/reply.js';
import { TemporarilyUnavailableError } from '../../errors.js';
import type { AdapterContext } from './adapter-context.js';
import {
  answerDeferred,
  expiredReply,
  replyPrivately,
  unavailableReply,
} from './answer-interaction.js';
import { decodeCustomId } from './custom-ids.js';
import { chatUserOf, formValuesOf, replyAddressOf } from './map-request.js';

/**
 * A submitted modal. Deferred (ephemeral) at once, then checked and enqueued under the
 * interaction id as its idempotency key, so a submission Discord delivers twice is filed once.
 * Mistakes come back ephemerally, naming the fields, with a button that reopens the form filled
 * in with what was typed. Once queued, the worker confirms by editing the deferred response.
 */
export async function handleModalSubmit(
  context: AdapterContext,
  interaction: ModalSubmitInteraction,
): Promise<void> {
  const { dispatcher, state } = context;
  const id = decodeCustomId(interaction.customId);
  if (id?.kind !== 'form') {
    return replyPrivately(
      interaction,
      expiredReply('That form is from an older version of the bot.'),
      state,
    );
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const values = formValuesOf(interaction.fields.fields.values());
  const user = chatUserOf(interaction);
  try {
    const result = await dispatcher.submitForm(
      { id: interaction.id, key: interaction.id, form: id.form, values },
      user,
      replyAddressOf(interaction, true),
    );
    context.logger.info(
      { id: interaction.id, form: id.form, result: result.kind },
      'form submission acknowledged',
    );
    if (result.kind === 'reply') return answerDeferred(interaction, true, result.reply, state);
    if (result.kind === 'queued') return;
    const reply = formInvalidReply(
      result.form.title,
      result.errors,
      result.values,
      result.form.fields,
      id.form,
    );
    return answerDeferred(interaction, true, withReopenLabel(reply), state);
  } catch (error) {
    if (!(error instanceof TemporarilyUnavailableError)) throw error;
    // Redis is not answering, so nothing can be kept for a reopen button: show what was typed
    // (no form id, so no button that would need Redis).
    const guest: Asker = { user, roles: ['everyone'] };
    const form = formCommands[id.form].buildForm({
      asker: guest,
      now: context.now(),
      timezone: context.timezone,
    });
    const typed = formInvalidReply(form.title, {}, values, form.fields);
    const reply: Reply = {
      ...unavailableReply(),
      sections: [...(unavailableReply().sections ?? []), ...(typed.sections ?? []).slice(1)],
      personalData: true,
    };
    return answerDeferred(interaction, true, reply, state);
  }
}

function withReopenLabel(reply: Reply): Reply {
  return {
    ...reply,
    actions: reply.actions?.map((action) =>
      action.kind === 'reopen-form' ? { ...action, label: 'Reopen the form' } : action,
    ),
  };
}
