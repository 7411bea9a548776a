import { randomUUID } from 'node:crypto';
import { offeredOn, type CommandDefinition } from '../../core/command.js';
import { TemporarilyUnavailableError, describeError } from '../../errors.js';
import type { ListenerDeps, SlackApp } from './listener-deps.js';
import { mapSlashCommand } from './map-request.js';
import { openForm } from './open-form.js';
import { renderReply, type SlackMessage } from './render-reply.js';
import { postToResponseUrl, checkedResponseUrl } from './response-url.js';
import type { SlackReplyAddress } from '../../delivery/reply-address.js';
import { keepActionState } from './state.js';

/**
 * The slash commands Slack knows: the first word of each registry name ("incident new" →
 * /incident), of the commands Slack offers (not /link: Slack links people by their e-mail).
 */
export function slashCommandNames(registry: readonly CommandDefinition[]): string[] {
  const offered = registry.filter((command) => offeredOn(command, 'slack'));
  return [...new Set(offered.map((command) => command.name.split(' ')[0] ?? command.name))];
}

/**
 * One listener for every slash command of the registry. It acknowledges at once with an empty
 * body (Slack shows nothing), then maps the command and asks the dispatcher: an answer it gives
 * at once (help, a refusal, a mistyped option) goes to the asker through the response_url; a
 * queued command is answered by the worker; a form opens while its trigger_id lasts (3 s).
 */
export function registerSlashCommands(app: SlackApp, registry: readonly CommandDefinition[]): void {
  const names = slashCommandNames(registry).map((name) => name.replace(/[^\w-]/g, '\\$&'));
  app.command(
    new RegExp(`^/(${names.join('|')})$`),
    async ({ command, ack, respond, context }): Promise<void> => {
      await ack();
      const deps = context.club;
      const id = randomUUID();
      const responseUrl = checkedResponseUrl(command.response_url, deps);
      // Bolt's respond() posts to the request's response_url: only when it is Slack's.
      const tell = async (message: { text: string; blocks?: SlackMessage['blocks'] }) => {
        if (responseUrl) return void (await respond({ response_type: 'ephemeral', ...message }));
        await deps.client.chat.postEphemeral({
          channel: command.channel_id,
          user: command.user_id,
          text: message.text,
          ...(message.blocks ? { blocks: message.blocks } : {}),
        });
      };
      try {
        const identity = await deps.identify(command.user_id, command.team_id);
        const checked = { ...command, response_url: responseUrl ?? '' };
        const { input, user, replyTo } = mapSlashCommand(checked, {
          id,
          identity,
          now: deps.now(),
        });
        const result = await deps.dispatcher.command(input, user, replyTo);
        // The command's one adapter line: its id is the job's and the reply's correlation id.
        deps.logger.info(
          { id, command: command.command, result: result.kind },
          'slash command acknowledged',
        );
        switch (result.kind) {
          case 'reply': {
            const actionValues = await keepActionState(result.reply, deps.state, user.userId);
            for (const message of renderReply(result.reply, { actionValues })) await tell(message);
            return;
          }
          case 'queued':
            // The worker's reply comes through the outbox and the Slack reply sink.
            return noticeIfSlow(deps, replyTo, id);
          case 'form': {
            const metadata = {
              form: result.command.form,
              channelId: command.channel_id,
              issuedAt: replyTo.issuedAt,
              ...(responseUrl ? { responseUrl } : {}),
            };
            if (!(await openForm(deps, command.trigger_id, result.form, metadata))) {
              await tell({
                text: `Slack did not open the form in time. Please run /${result.command.name} again.`,
              });
            }
            return;
          }
        }
      } catch (error) {
        const refused = (failure: unknown) =>
          deps.logger.warn({ id, err: describeError(failure) }, 'response_url refused the answer');
        if (error instanceof TemporarilyUnavailableError) {
          deps.logger.warn({ id, command: command.command }, 'temporarily unavailable');
          await tell({ text: error.message }).catch(refused);
          return;
        }
        deps.logger.error(
          { id, command: command.command, err: describeError(error) },
          'slash command failed',
        );
        await tell({
          text: `Something went wrong on the bot's side, sorry. Please try again; if it keeps happening, tell the club's bot admin (reference ${id}).`,
        }).catch(refused);
      }
    },
  );
}

/**
 * Posts "Working on it…" to the asker if the answer has not come within `slowNoticeMs`: most
 * answers take milliseconds, and a notice before them is noise. The answer's first post to the
 * response_url counts in Redis, so the notice goes only while nothing has been posted there.
 */
function noticeIfSlow(deps: ListenerDeps, replyTo: SlackReplyAddress, id: string): void {
  const url = checkedResponseUrl(replyTo.responseUrl, deps);
  if (!url) return;
  const timer = setTimeout(() => {
    void (async () => {
      if (!(await deps.responseUrlUses.claimFirst(url, replyTo.issuedAt))) return;
      await postToResponseUrl(url, {
        response_type: 'ephemeral',
        replace_original: false,
        text: 'Working on it…',
      });
    })().catch((error: unknown) =>
      deps.logger.warn({ id, err: describeError(error) }, 'could not say "working on it"'),
    );
  }, deps.slowNoticeMs);
  timer.unref();
}
