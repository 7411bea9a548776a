import type { APIModalInteractionResponseCallbackData, ButtonInteraction } from 'discord.js';
import { formCommands } from '../../commands/form-commands.js';
import type { Reply } from '../../core/reply.js';
import { TemporarilyUnavailableError } from '../../errors.js';
import type { AdapterContext } from './adapter-context.js';
import {
  beforeDeadline,
  expiredReply,
  firstResponseDeadlineMs,
  messageOptions,
  replyPrivately,
  unavailableReply,
} from './answer-interaction.js';
import { confirmForm } from './confirm-form.js';
import { decodeCustomId, type CustomId } from './custom-ids.js';
import { handleCommand } from './handle-command.js';
import { chatUserOf } from './map-request.js';
import { renderModal } from './render-modal.js';
import type { DiscordMessage } from './render-reply.js';
import { renderWithState, type FollowUp } from './state.js';

/** What a button press is answered with (none of these can be deferred first). */
type ButtonAnswer =
  | { kind: 'modal'; modal: APIModalInteractionResponseCallbackData }
  | { kind: 'update'; message: DiscordMessage }
  | { kind: 'post'; reply: Reply }
  | { kind: 'private'; reply: Reply };

/**
 * A pressed button: reopen a form filled in (the modal is the first response), file a likely
 * duplicate the person confirms, turn a page of a
 * long reply (the message is updated in place), post a reply without personal data to the channel,
 * or run a follow-up command as the person who pressed it (permissions checked again). What the
 * button refers to is read from Redis before Discord's 3 s run out, or the person is told to retry.
 */
export async function handleButton(
  context: AdapterContext,
  interaction: ButtonInteraction,
): Promise<void> {
  const { state } = context;
  const id = decodeCustomId(interaction.customId);
  if (id?.kind === 'run') return runFollowUp(context, interaction, id);
  if (id?.kind === 'confirm') return confirmForm(context, interaction, id.stateId);
  if (id?.kind === 'follow-up') {
    // Read within a second: the command's own first response must still beat Discord's 3 s.
    const followUp = await beforeDeadline(1_000, () => state.get('follow-up', id.stateId)).catch(
      (error: unknown) => {
        if (error instanceof TemporarilyUnavailableError) return null;
        throw error;
      },
    );
    if (followUp === null) return replyPrivately(interaction, unavailableReply(), state);
    if (!followUp) {
      const gone = expiredReply('That button was kept for 15 minutes and has gone.');
      return replyPrivately(interaction, gone, state);
    }
    return runFollowUp(context, interaction, followUp);
  }
  const answer = await beforeDeadline(firstResponseDeadlineMs, () =>
    answerFor(context, interaction, id),
  ).catch((error: unknown): ButtonAnswer => {
    if (error instanceof TemporarilyUnavailableError)
      return { kind: 'private', reply: unavailableReply() };
    throw error;
  });
  switch (answer.kind) {
    case 'modal':
      await interaction.showModal(answer.modal);
      return;
    case 'update':
      await interaction.update(messageOptions(answer.message));
      return;
    case 'post': {
      const [message] = await renderWithState(answer.reply, {
        state,
        ephemeral: false,
        userId: interaction.user.id,
      });
      if (message) await interaction.reply(messageOptions(message));
      return;
    }
    case 'private':
      return replyPrivately(interaction, answer.reply, state);
  }
}

/** Runs a follow-up command as the person who pressed its button (permissions checked again). */
function runFollowUp(
  context: AdapterContext,
  interaction: ButtonInteraction,
  followUp: FollowUp,
): Promise<void> {
  const command = context.registry.find((candidate) => candidate.name === followUp.command);
  const [base = '', ...sub] = followUp.command.split(' ');
  const text = [...sub, followUp.args].join(' ').trim();
  return handleCommand(
    context,
    interaction,
    { id: interaction.id, slash: `/${base}`, text },
    command,
  );
}

async function answerFor(
  context: AdapterContext,
  interaction: ButtonInteraction,
  id: CustomId | undefined,
): Promise<ButtonAnswer> {
  const { state } = context;
  const gone = (what: string): ButtonAnswer => ({ kind: 'private', reply: expiredReply(what) });
  switch (id?.kind) {
    case 'reopen': {
      const kept = await state.get('reopen', id.stateId);
      if (!kept || !Object.hasOwn(formCommands, kept.form))
        return gone(
          'That form was kept for 15 minutes and has gone; what you typed is in the message above.',
        );
      // What was typed is the typist's: nobody else may open it, even holding the button.
      if (kept.userId !== interaction.user.id)
        return gone('That form is kept for the person who filled it in.');
      // Rebuilt for who presses it now (a linked member sees the status, others give their name).
      const user = chatUserOf(interaction);
      const asker = (await context.peekAsker(user)) ?? { user, roles: ['everyone'] };
      const form = formCommands[kept.form].buildForm({
        asker,
        now: context.now(),
        timezone: context.timezone,
      });
      return { kind: 'modal', modal: renderModal(form, kept.values) };
    }
    case 'page': {
      const pages = await state.get('pages', id.stateId);
      const page = pages?.[id.page];
      return page
        ? { kind: 'update', message: page }
        : gone('Those pages were kept for 15 minutes and have gone.');
    }
    case 'post': {
      const reply = await state.get('post', id.stateId);
      return reply && !reply.personalData
        ? { kind: 'post', reply }
        : gone('That answer was kept for 15 minutes and has gone.');
    }
    default:
      return {
        kind: 'private',
        reply: expiredReply('That button is from an older version of the bot.'),
      };
  }
}
