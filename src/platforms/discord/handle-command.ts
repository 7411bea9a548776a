import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { CommandDefinition } from '../../core/command.js';
import type { CommandInput, DispatchResult } from '../../dispatch/create-dispatcher.js';
import { TemporarilyUnavailableError } from '../../errors.js';
import type { AdapterContext } from './adapter-context.js';
import {
  answerDeferred,
  beforeDeadline,
  firstResponseDeadlineMs,
  replyPrivately,
  unavailableReply,
} from './answer-interaction.js';
import { chatUserOf, replyAddressOf } from './map-request.js';
import { renderModal } from './render-modal.js';

/** A slash command, or a button that runs one ("choose this member"). */
export type CommandInteraction = ChatInputCommandInteraction | ButtonInteraction;

/**
 * Whether the response is deferred ephemerally, decided before deferring (it cannot change after):
 * commands that may show personal data, and those answered at once (help, refusals), are for the
 * asker only; an unknown name gets the help, also for the asker only.
 */
export function defersEphemerally(command: CommandDefinition | undefined): boolean {
  return (
    command === undefined ||
    command.personalData ||
    (command.kind === 'query' && !command.needsClub)
  );
}

/**
 * Runs a command through the dispatcher within Discord's 3 s. A form must be the first response,
 * so a form command is dispatched before anything is sent and answered with the modal. Every other
 * command is deferred first, then enqueued, so the worker's edit always finds the deferral.
 */
export async function handleCommand(
  context: AdapterContext,
  interaction: CommandInteraction,
  input: CommandInput,
  command: CommandDefinition | undefined,
): Promise<void> {
  const { dispatcher, state } = context;
  const user = chatUserOf(interaction);
  // The command's one adapter line: its id is the job's and the reply's correlation id.
  const acknowledged = (result: DispatchResult['kind']) =>
    context.logger.info(
      { id: input.id, command: command?.name ?? 'unknown', result },
      'command acknowledged',
    );
  if (command?.kind === 'form') {
    let result: DispatchResult;
    try {
      // A form command enqueues nothing: if Redis is slow, say so before Discord's 3 s run out.
      result = await beforeDeadline(firstResponseDeadlineMs, () =>
        dispatcher.command(input, user, replyAddressOf(interaction, true)),
      );
    } catch (error) {
      if (error instanceof TemporarilyUnavailableError)
        return replyPrivately(interaction, unavailableReply(), state);
      throw error;
    }
    acknowledged(result.kind);
    if (result.kind === 'form') {
      await interaction.showModal(renderModal(result.form));
      return;
    }
    if (result.kind === 'reply') return replyPrivately(interaction, result.reply, state);
    return;
  }

  const ephemeral = defersEphemerally(command);
  await interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
  let result: DispatchResult;
  try {
    result = await dispatcher.command(input, user, replyAddressOf(interaction, ephemeral));
  } catch (error) {
    if (error instanceof TemporarilyUnavailableError)
      return answerDeferred(interaction, ephemeral, unavailableReply(), state);
    throw error;
  }
  acknowledged(result.kind);
  if (result.kind === 'reply') return answerDeferred(interaction, ephemeral, result.reply, state);
  if (result.kind === 'form') {
    // Only form commands open forms, and they are handled above; a modal cannot follow a deferral.
    context.logger.error({ interaction: interaction.id }, 'a query command asked for a form');
  }
  // Queued: the worker edits the deferred response.
}
