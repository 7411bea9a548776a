import { MessageFlags, type ButtonInteraction } from 'discord.js';
import { formInvalidReply } from '../../core/form-replies.js';
import { TemporarilyUnavailableError } from '../../errors.js';
import type { AdapterContext } from './adapter-context.js';
import { answerDeferred, expiredReply, unavailableReply } from './answer-interaction.js';
import { chatUserOf, replyAddressOf } from './map-request.js';

/**
 * "File it anyway" under a likely duplicate: the kept values are filed as they are, by the person
 * who typed them. Deferred first (the worker confirms by editing it); the button's state id is the
 * idempotency key, so pressing it twice files once.
 */
export async function confirmForm(
  context: AdapterContext,
  interaction: ButtonInteraction,
  stateId: string,
): Promise<void> {
  const { state } = context;
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  try {
    const kept = await state.get('reopen', stateId);
    if (!kept || kept.userId !== interaction.user.id) {
      const gone = expiredReply(
        'That form was kept for 15 minutes and has gone; nothing was filed.',
      );
      return await answerDeferred(interaction, true, gone, state);
    }
    const result = await context.dispatcher.submitForm(
      {
        id: interaction.id,
        key: `discord-confirm:${stateId}`,
        form: kept.form,
        values: kept.values,
        confirmed: true,
      },
      chatUserOf(interaction),
      replyAddressOf(interaction, true),
    );
    if (result.kind === 'queued') return;
    const reply =
      result.kind === 'reply'
        ? result.reply
        : formInvalidReply(result.form.title, result.errors, result.values, result.form.fields);
    return await answerDeferred(interaction, true, reply, state);
  } catch (error) {
    if (!(error instanceof TemporarilyUnavailableError)) throw error;
    return answerDeferred(interaction, true, unavailableReply(), state);
  }
}
