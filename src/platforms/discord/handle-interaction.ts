import type { Interaction } from 'discord.js';
import { textReply } from '../../core/reply.js';
import type { AdapterContext } from './adapter-context.js';
import { answerDeferred, replyPrivately } from './answer-interaction.js';
import { registryCommandName } from './command-definitions.js';
import { discordFailureCode } from './errors.js';
import { handleAutocomplete } from './handle-autocomplete.js';
import { handleButton } from './handle-button.js';
import { handleCommand } from './handle-command.js';
import { handleModalSubmit } from './handle-modal-submit.js';
import { commandNameOf, commandOptionsOf } from './map-request.js';
import { noState } from './state.js';
import { describeError } from '../../errors.js';
import type { Logger } from '../../log.js';

/** Where an interaction is handled: the bot application, and the club of each server. */
export interface InteractionRoutes {
  applicationId: string;
  logger: Logger;
  /** The context of the club whose server this is; undefined refuses the interaction. */
  contextFor(guildId: string): AdapterContext | undefined;
}

/**
 * Routes one interaction to the club of its server. Interactions of another application are
 * ignored (nothing is answered or enqueued); those from a server no club has, or a DM, are refused
 * with no data (identity fails closed). A failure is logged by interaction id (never its options,
 * which may hold names) and, where the interaction can still be answered, told to the person.
 */
export function createInteractionHandler(
  routes: InteractionRoutes,
): (interaction: Interaction) => Promise<void> {
  const { logger } = routes;
  return async (interaction) => {
    if (interaction.applicationId !== routes.applicationId) {
      logger.warn(
        { interaction: interaction.id },
        'ignored an interaction for another application',
      );
      return;
    }
    const context = interaction.guildId ? routes.contextFor(interaction.guildId) : undefined;
    if (!context) return refuseElsewhere(logger, interaction);
    try {
      if (interaction.isChatInputCommand()) {
        const name = registryCommandName(context.registry, commandNameOf(interaction));
        const command = context.registry.find((candidate) => candidate.name === name);
        const input = { id: interaction.id, name, options: commandOptionsOf(interaction) };
        return await handleCommand(context, interaction, input, command);
      }
      if (interaction.isAutocomplete()) return await handleAutocomplete(context, interaction);
      if (interaction.isModalSubmit()) return await handleModalSubmit(context, interaction);
      if (interaction.isButton()) return await handleButton(context, interaction);
    } catch (error) {
      const code = discordFailureCode(error);
      if (code !== undefined) context.onApiError?.(code);
      logger.error(
        {
          interaction: interaction.id,
          err: describeError(error),
        },
        'discord interaction failed',
      );
      await tellFailure(context, interaction).catch(() => undefined);
    }
  };
}

async function tellFailure(context: AdapterContext, interaction: Interaction): Promise<void> {
  if (!interaction.isRepliable() || interaction.isAutocomplete()) return;
  if (!(interaction.isChatInputCommand() || interaction.isButton() || interaction.isModalSubmit()))
    return;
  const reply = textReply(
    `Something went wrong on the bot's side, sorry. Please try again; if it keeps happening, tell the club's bot admin (reference ${interaction.id}).`,
    { tone: 'error', title: 'Sorry, that did not work' },
  );
  if (interaction.deferred)
    return answerDeferred(interaction, interaction.ephemeral ?? true, reply, context.state);
  if (!interaction.replied) return replyPrivately(interaction, reply, context.state);
}

/** Anyone may add a public bot to their own server: outside a club's, it says so and no more. */
async function refuseElsewhere(logger: Logger, interaction: Interaction): Promise<void> {
  logger.warn(
    { interaction: interaction.id, guild: interaction.guildId ?? 'direct message' },
    'refused an interaction from outside the club’s servers',
  );
  if (interaction.isAutocomplete())
    return void (await interaction.respond([]).catch(() => undefined));
  if (!(interaction.isChatInputCommand() || interaction.isButton() || interaction.isModalSubmit()))
    return;
  const reply = textReply(
    "This bot answers only in its club's own Discord server. Ask the club for an invitation to it.",
    { tone: 'warning', title: 'Not available here' },
  );
  // No club, so no state: the refusal has no buttons to keep any for.
  await replyPrivately(interaction, reply, noState).catch(() => undefined);
}
