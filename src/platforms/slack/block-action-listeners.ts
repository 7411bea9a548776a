import { randomUUID } from 'node:crypto';
import type { BlockAction, ButtonAction } from '@slack/bolt';
import { formCommands } from '../../commands/form-commands.js';
import { formInvalidReply } from '../../core/form-replies.js';
import { textReply, type Reply } from '../../core/reply.js';
import { TemporarilyUnavailableError, describeError } from '../../errors.js';
import type { SlackReplyAddress } from '../../delivery/reply-address.js';
import { actionIdPattern, readRunCommandValue } from './state.js';
import type { ListenerDeps, SlackApp } from './listener-deps.js';
import { mapBlockAction } from './map-request.js';
import { openForm } from './open-form.js';
import { checkedResponseUrl } from './response-url.js';

type ButtonPress = { body: BlockAction<ButtonAction>; action: ButtonAction };

/**
 * The reply buttons. Each press is acknowledged at once, then:
 * - run-command: the command runs as the person who pressed (permissions checked for them);
 * - post-to-channel: the reply they were shown, kept in Redis when it was rendered (never one with
 *   personal data), is posted in the channel through the sink, which refuses personal data again;
 * - reopen-form: the form opens again with what they typed (kept in Redis for 30 minutes);
 * - confirm-form: what they typed is filed as it is, once however often it is pressed.
 */
export function registerBlockActions(app: SlackApp): void {
  const handle = (
    kind: keyof typeof actionIdPattern,
    run: (press: ButtonPress, context: Context) => Promise<void>,
  ) =>
    app.action<BlockAction<ButtonAction>>(
      actionIdPattern[kind],
      async ({ ack, body: request, action, context }) => {
        await ack();
        const deps = context.club;
        const responseUrl = checkedResponseUrl(request.response_url, deps) ?? '';
        const body = { ...request, response_url: responseUrl };
        const { logger } = deps;
        const id = randomUUID();
        logger.info({ id, kind }, 'button press acknowledged');
        const say = (replyTo: SlackReplyAddress | undefined, reply: Reply) =>
          replyTo ? deps.sink.deliver(replyTo, reply) : Promise.resolve();
        // Where to answer is known before anything can fail, so a failure is answered too.
        const { replyTo } = mapBlockAction(body, { now: deps.now() });
        try {
          const identity = await deps.identify(body.user.id, body.team?.id ?? body.user.team_id);
          const mapped = mapBlockAction(body, { identity, now: deps.now() });
          await run({ body, action }, { id, ...mapped, deps, say: (reply) => say(replyTo, reply) });
        } catch (error) {
          logger.warn({ id, kind, err: describeError(error) }, 'button press failed');
          const text =
            error instanceof TemporarilyUnavailableError
              ? error.message
              : `Something went wrong on the bot's side, sorry. Please try again (reference ${id}).`;
          await say(replyTo, textReply(text, { tone: 'warning' })).catch(() => undefined);
        }
      },
    );

  handle('run-command', async ({ body, action }, { id, user, replyTo, say, deps }) => {
    const value = readRunCommandValue(action.value);
    if (!value || !replyTo) return;
    const [base = '', ...sub] = value.command.split(' ');
    const text = [...sub, value.args].join(' ').trim();
    const result = await deps.dispatcher.command({ id, slash: `/${base}`, text }, user, replyTo);
    if (result.kind === 'reply') return say(result.reply);
    if (result.kind === 'form') {
      const metadata = {
        form: result.command.form,
        channelId: replyTo.channelId,
        issuedAt: replyTo.issuedAt,
      };
      await openForm(deps, body.trigger_id, result.form, metadata);
    }
  });

  handle('post-to-channel', async ({ action }, { replyTo, say, deps }) => {
    if (!replyTo) return;
    const kept = action.value ? await deps.state.takeReply(action.value) : undefined;
    if (!kept || kept.personalData) {
      return say(
        textReply(
          'That reply can no longer be posted: the button works once, for an hour. Run the command again and press it then.',
          { tone: 'warning' },
        ),
      );
    }
    await deps.sink.deliver(replyTo, { ...kept, visibility: 'channel', actions: undefined });
  });

  handle('reopen-form', async ({ body, action }, { id, user, replyTo, say, deps }) => {
    if (!replyTo) return;
    const found = action.value ? await deps.state.readForm(action.value) : undefined;
    // Typed text may be about a child: only the person it was shown to may open it again.
    const kept = found?.owner === user.userId ? found : undefined;
    if (!kept) {
      return say(
        textReply(
          'What you typed is kept for 30 minutes and that time is up; it is still in the message above. Run the form’s command again to send it.',
          { tone: 'warning' },
        ),
      );
    }
    const [base = '', ...sub] = formCommands[kept.id].name.split(' ');
    const result = await deps.dispatcher.command(
      { id, slash: `/${base}`, text: sub.join(' ') },
      user,
      replyTo,
    );
    if (result.kind === 'reply') return say(result.reply);
    if (result.kind !== 'form') return;
    const metadata = {
      form: result.command.form,
      channelId: replyTo.channelId,
      issuedAt: replyTo.issuedAt,
      ...(replyTo.responseUrl ? { responseUrl: replyTo.responseUrl } : {}),
    };
    await openForm(deps, body.trigger_id, result.form, metadata, kept.values);
  });

  handle('confirm-form', async ({ action }, { id, user, replyTo, say, deps }) => {
    if (!replyTo || !action.value) return;
    const found = await deps.state.readForm(action.value);
    const kept = found?.owner === user.userId ? found : undefined;
    if (!kept) {
      return say(
        textReply(
          'What you typed is kept for 30 minutes and that time is up; nothing was filed. Run the form’s command again to send it.',
          { tone: 'warning' },
        ),
      );
    }
    // The button's token is the idempotency key: pressing it twice files once.
    const key = `slack-confirm:${action.value}`;
    const input = { id, key, form: kept.id, values: kept.values, confirmed: true };
    const result = await deps.dispatcher.submitForm(input, user, replyTo);
    if (result.kind === 'reply') return say(result.reply);
    if (result.kind === 'invalid') {
      const form = result.form;
      return say(formInvalidReply(form.title, result.errors, result.values, form.fields, form.id));
    }
  });
}

interface Context {
  id: string;
  /** The deps of the club whose workspace the press comes from. */
  deps: ListenerDeps;
  user: ReturnType<typeof mapBlockAction>['user'];
  replyTo: SlackReplyAddress | undefined;
  say(reply: Reply): Promise<void>;
}
