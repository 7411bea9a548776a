import { randomUUID } from 'node:crypto';
import type { App, ViewOutput, ViewResponseAction } from '@slack/bolt';
import { replyToPlainText } from '../../commands/reply.js';
import { TemporarilyUnavailableError } from '../../dispatch/temporarily-unavailable-error.js';
import { truncate } from './escape-mrkdwn.js';
import type { ListenerDeps } from './listener-deps.js';
import { mapViewSubmission, readViewSubmission } from './map-request.js';
import { formCallbackId, renderModal } from './render-modal.js';
import { describeError } from '../../errors.js';

/**
 * The idempotency key of a submission: the view's id. Slack sends the same view again when a
 * person presses Submit after an unanswered try, and that must file once. (`view.hash` would add
 * nothing: it changes only when the view is updated, and no update follows an enqueued submission.)
 */
export function submissionKey(view: Pick<ViewOutput, 'id'>): string {
  return `slack-view:${view.id}`;
}

/** Slack shows a field's error under it; long ones are cut. */
const errorText = (text: string) => truncate(text, 300);

/**
 * A submitted form: read it, let the dispatcher check and enqueue it under the view's id, and
 * acknowledge: nothing (the modal closes; the worker confirms), or the errors by field, which
 * keeps the modal open with everything typed.
 */
export function registerViewSubmission(app: App, deps: ListenerDeps): void {
  app.view(formCallbackId, async ({ ack: ackOnce, body, view }) => {
    const id = randomUUID();
    let acked = false;
    // The deadline below may have answered already: Bolt throws on a second ack.
    const ack = async (response?: ViewResponseAction): Promise<void> => {
      if (acked) return;
      acked = true;
      await ackOnce(response);
    };
    const { values, metadata } = readViewSubmission(view);
    const inputIds = view.blocks.flatMap((block) =>
      block.type === 'input' && block.block_id ? [block.block_id] : [],
    );
    const [firstInput = 'title'] = inputIds;
    const sayOnFirst = (text: string) =>
      ack({ response_action: 'errors', errors: { [firstInput]: errorText(text) } });
    if (!metadata)
      return sayOnFirst('This form is out of date. Close it and run the command again.');
    // Pressing Submit again sends the same view: filed once, thanks to the view id as the key.
    const deadline = setTimeout(() => {
      deps.logger.warn({ id, form: metadata.form }, 'acknowledged at the deadline');
      sayOnFirst(
        'The bot is slow to answer. Your text is still here: press Submit again in a moment (it will not be filed twice).',
      ).catch(() => undefined);
    }, deps.ackDeadlineMs);
    try {
      const email = await deps.emailOf(body.user.id, body.team?.id ?? body.user.team_id);
      const { user, replyTo } = mapViewSubmission(body, metadata, { email });
      const result = await deps.dispatcher.submitForm(
        { id, key: submissionKey(view), form: metadata.form, values },
        user,
        replyTo,
      );
      deps.logger.info(
        { id, form: metadata.form, result: result.kind },
        'form submission acknowledged',
      );
      switch (result.kind) {
        case 'queued':
          return await ack();
        case 'reply':
          return await sayOnFirst(replyToPlainText(result.reply));
        case 'invalid': {
          const shown = Object.keys(result.errors).every((field) => inputIds.includes(field));
          if (shown) {
            const errors = Object.fromEntries(
              Object.entries(result.errors).map(([field, message]) => [field, errorText(message)]),
            );
            return await ack({ response_action: 'errors', errors });
          }
          // The form changed since it opened (e.g. a field was added): show the new one, filled in.
          return await ack({
            response_action: 'update',
            view: renderModal(result.form, {
              metadata,
              values: result.values,
              notice: Object.values(result.errors).join('\n'),
            }),
          });
        }
      }
    } catch (error) {
      if (error instanceof TemporarilyUnavailableError) {
        deps.logger.warn({ id, form: metadata.form }, 'temporarily unavailable');
        return sayOnFirst(
          'The bot is temporarily unavailable and nothing was sent. Your text is still here: press Submit again in a minute.',
        );
      }
      deps.logger.error(
        { id, form: metadata.form, err: describeError(error) },
        'form submission failed',
      );
      return sayOnFirst(
        `Something went wrong on the bot's side and nothing was sent. Your text is still here; try again (reference ${id}).`,
      );
    } finally {
      clearTimeout(deadline);
    }
  });
}
