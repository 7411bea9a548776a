import { randomUUID } from 'node:crypto';
import type { SlackViewAction, ViewOutput, ViewResponseAction } from '@slack/bolt';
import { replyToPlainText } from '../../core/reply.js';
import { TemporarilyUnavailableError, describeError, withTimeout } from '../../errors.js';
import type { FormMetadata } from './form-metadata.js';
import { truncate } from './escape-mrkdwn.js';
import type { ListenerDeps, SlackApp } from './listener-deps.js';
import { mapViewSubmission, readViewSubmission } from './map-request.js';
import { formCallbackId, renderModal } from './render-modal.js';

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

/** The form's input block ids, which are its field ids. */
const inputIdsOf = (view: ViewOutput) =>
  view.blocks.flatMap((block) =>
    block.type === 'input' && block.block_id ? [block.block_id] : [],
  );

/** An acknowledgement that keeps the modal open and shows `text` under its first field. */
function onFirstField(view: ViewOutput, text: string): ViewResponseAction {
  const [firstInput = 'title'] = inputIdsOf(view);
  return { response_action: 'errors', errors: { [firstInput]: errorText(text) } };
}

/**
 * A submitted form: read it, let the dispatcher check and enqueue it under the view's id, and
 * acknowledge: nothing (the modal closes; the worker confirms), or the errors by field, which
 * keeps the modal open with everything typed. Slack shows a form's errors only when they come in
 * the acknowledgement, so here the work comes first, bounded to answer within Slack's 3 s.
 */
export function registerViewSubmission(app: SlackApp): void {
  app.view(formCallbackId, async ({ ack, body, view, context }) => {
    const deps = context.club;
    const id = randomUUID();
    const { values, metadata } = readViewSubmission(view);
    if (!metadata) {
      return ack(
        onFirstField(view, 'This form is out of date. Close it and run the command again.'),
      );
    }
    // The work goes on after the deadline; pressing Submit again sends the same view, whose id
    // is the idempotency key, so it is filed once.
    const answer = await withTimeout(deps.formAckDeadlineMs, () =>
      answerSubmission(deps, { id, body, view, values, metadata }),
    ).catch(() => {
      deps.logger.warn({ id, form: metadata.form }, 'acknowledged at the deadline');
      return onFirstField(
        view,
        'The bot is slow to answer. Your text is still here: press Submit again in a moment (it will not be filed twice).',
      );
    });
    await ack(answer);
  });
}

interface Submission {
  id: string;
  body: SlackViewAction;
  view: ViewOutput;
  values: Record<string, string>;
  metadata: FormMetadata;
}

/** What to acknowledge a submission with; undefined closes the modal. */
async function answerSubmission(
  deps: ListenerDeps,
  { id, body, view, values, metadata }: Submission,
): Promise<ViewResponseAction | undefined> {
  try {
    const identity = await deps.identify(body.user.id, body.team?.id ?? body.user.team_id);
    const { user, replyTo } = mapViewSubmission(body, metadata, { identity });
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
        return undefined;
      case 'reply':
        return onFirstField(view, replyToPlainText(result.reply));
      case 'invalid': {
        const inputIds = inputIdsOf(view);
        if (Object.keys(result.errors).every((field) => inputIds.includes(field))) {
          const errors = Object.fromEntries(
            Object.entries(result.errors).map(([field, message]) => [field, errorText(message)]),
          );
          return { response_action: 'errors', errors };
        }
        // The form changed since it opened (e.g. a field was added): show the new one, filled in.
        return {
          response_action: 'update',
          view: renderModal(result.form, {
            metadata,
            values: result.values,
            notice: Object.values(result.errors).join('\n'),
          }),
        };
      }
    }
  } catch (error) {
    if (error instanceof TemporarilyUnavailableError) {
      deps.logger.warn({ id, form: metadata.form }, 'temporarily unavailable');
      return onFirstField(
        view,
        'The bot is temporarily unavailable and nothing was sent. Your text is still here: press Submit again in a minute.',
      );
    }
    deps.logger.error(
      { id, form: metadata.form, err: describeError(error) },
      'form submission failed',
    );
    return onFirstField(
      view,
      `Something went wrong on the bot's side and nothing was sent. Your text is still here; try again (reference ${id}).`,
    );
  }
}
