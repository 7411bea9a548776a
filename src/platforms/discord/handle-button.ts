import type { ButtonInteraction } from 'discord.js';
import { formCommands } from '../../commands/form-commands.js';
import type { Reply } from '../../commands/reply.js';
import type { AdapterContext } from './adapter-context.js';
import { expiredReply, messageOptions, replyPrivately } from './answer-interaction.js';
import { decodeCustomId } from './custom-ids.js';
import { handleCommand } from './handle-command.js';
import { chatUserOf } from './map-interaction.js';
import type { DiscordMessage } from './render-messages.js';
import { renderModal } from './render-modal.js';
import { renderReply, type KeptForm } from './render-reply.js';

/**
 * A pressed button: reopen a form filled in (the modal is the first response), turn a page of a
 * long reply (the message is updated in place), post a reply without personal data to the channel,
 * or run a follow-up command as the person who pressed it (permissions checked again).
 */
export async function handleButton(
  context: AdapterContext,
  interaction: ButtonInteraction,
): Promise<void> {
  const { state } = context;
  const id = decodeCustomId(interaction.customId);
  switch (id?.kind) {
    case 'reopen': {
      const kept = await state.get<KeptForm>('reopen', id.stateId);
      if (!kept || !Object.hasOwn(formCommands, kept.form))
        return replyPrivately(
          interaction,
          expiredReply(
            'That form was kept for 15 minutes and has gone; what you typed is in the message above.',
          ),
          state,
        );
      // Rebuilt for who presses it now (a linked member sees the status, others give their name).
      const user = chatUserOf(interaction);
      const asker = (await context.peekAsker(user)) ?? { user, roles: ['everyone'] };
      const form = formCommands[kept.form].buildForm({
        asker,
        now: context.now(),
        timezone: context.timezone,
      });
      await interaction.showModal(renderModal(form, kept.values));
      return;
    }
    case 'page': {
      const pages = await state.get<DiscordMessage[]>('pages', id.stateId);
      const page = pages?.[id.page];
      if (!page)
        return replyPrivately(
          interaction,
          expiredReply('Those pages were kept for 15 minutes and have gone.'),
          state,
        );
      await interaction.update(messageOptions(page));
      return;
    }
    case 'post': {
      const reply = await state.get<Reply>('post', id.stateId);
      if (!reply || reply.personalData)
        return replyPrivately(
          interaction,
          expiredReply('That answer was kept for 15 minutes and has gone.'),
          state,
        );
      const [message] = await renderReply(reply, { state, ephemeral: false });
      if (message) await interaction.reply(messageOptions(message));
      return;
    }
    case 'run': {
      const command = context.registry.find((candidate) => candidate.name === id.command);
      const [base = '', ...sub] = id.command.split(' ');
      const text = [...sub, id.args].join(' ').trim();
      return handleCommand(
        context,
        interaction,
        { id: interaction.id, slash: `/${base}`, text },
        command,
      );
    }
    default:
      return replyPrivately(
        interaction,
        expiredReply('That button is from an older version of the bot.'),
        state,
      );
  }
}
