import { randomUUID } from 'node:crypto';
import type { App, RespondArguments } from '@slack/bolt';
import type { CommandDefinition } from '../../commands/command.js';
import { TemporarilyUnavailableError } from '../../dispatch/temporarily-unavailable-error.js';
import type { ListenerDeps } from './listener-deps.js';
import { mapSlashCommand } from './map-request.js';
import { openForm } from './open-form.js';
import { renderReply } from './render-reply.js';
import { keepActionState } from './state.js';
import { describeError } from '../../errors.js';

/** The slash commands Slack knows: the first word of each registry name ("incident new" → /incident). */
export function slashCommandNames(registry: readonly CommandDefinition[]): string[] {
  return [...new Set(registry.map((command) => command.name.split(' ')[0] ?? command.name))];
}

export const workingOnIt = 'Working on it…';
const slowText =
  'The bot is slow to answer right now. If no reply comes within a minute, please try again.';

/**
 * One listener for every slash command of the registry: map, ask the dispatcher, acknowledge with
 * the answer, "working on it" (the worker answers), or nothing and open the form.
 */
export function registerSlashCommands(app: App, deps: ListenerDeps): void {
  const names = slashCommandNames(deps.registry).map((name) => name.replace(/[^\w-]/g, '\\$&'));
  app.command(
    new RegExp(`^/(${names.join('|')})$`),
    async ({ command, ack, respond }): Promise<void> => {
      const id = randomUUID();
      let acked = false;
      // Once acknowledged, further answers go through the response_url.
      const answer = async (response?: RespondArguments): Promise<void> => {
        if (acked) {
          if (response) await respond({ response_type: 'ephemeral', ...response });
          return;
        }
        acked = true;
        await ack(response);
      };
      const deadline = setTimeout(() => {
        deps.logger.warn({ id, command: command.command }, 'acknowledged at the deadline');
        answer({ response_type: 'ephemeral', text: slowText }).catch(() => undefined);
      }, deps.ackDeadlineMs);
      try {
        const email = await deps.emailOf(command.user_id, command.team_id);
        const { input, user, replyTo } = mapSlashCommand(command, { id, email, now: deps.now() });
        const result = await deps.dispatcher.command(input, user, replyTo);
        // The command's one adapter line: its id is the job's and the reply's correlation id.
        deps.logger.info(
          { id, command: command.command, result: result.kind },
          'slash command acknowledged',
        );
        switch (result.kind) {
          case 'reply': {
            const actionValues = await keepActionState(result.reply, deps.state, user.userId);
            const [first, ...more] = renderReply(result.reply, { actionValues });
            await answer({ response_type: 'ephemeral', ...first });
            for (const message of more) await respond({ response_type: 'ephemeral', ...message });
            return;
          }
          case 'queued':
            return await answer({ response_type: 'ephemeral', text: workingOnIt });
          case 'form': {
            await answer();
            const metadata = {
              form: result.command.form,
              channelId: command.channel_id,
              issuedAt: replyTo.issuedAt,
              ...(command.response_url ? { responseUrl: command.response_url } : {}),
            };
            if (!(await openForm(deps, command.trigger_id, result.form, metadata))) {
              await respond({
                response_type: 'ephemeral',
                text: `Slack did not open the form in time. Please run /${result.command.name} again.`,
              });
            }
            return;
          }
        }
      } catch (error) {
        if (error instanceof TemporarilyUnavailableError) {
          deps.logger.warn({ id, command: command.command }, 'temporarily unavailable');
          return await answer({ response_type: 'ephemeral', text: error.message });
        }
        deps.logger.error(
          {
            id,
            command: command.command,
            err: describeError(error),
          },
          'slash command failed',
        );
        await answer({
          response_type: 'ephemeral',
          text: `Something went wrong on the bot's side, sorry. Please try again; if it keeps happening, tell the club's bot admin (reference ${id}).`,
        }).catch(() => undefined);
      } finally {
        clearTimeout(deadline);
      }
    },
  );
}
