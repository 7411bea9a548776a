import { randomUUID } from 'node:crypto';
import { formCommands } from '../../../src/commands/form-commands.js';
import type { FormId } from '../../../src/core/form.js';
import type { RunningSlack, SlackClub } from '../../../src/platforms/slack/app.js';
import { startOneClubSlack } from '../../support/one-club-slack.js';
import { renderModal } from '../../../src/platforms/slack/render-modal.js';
import { createSlackReplySink } from '../../../src/platforms/slack/reply-sink.js';
import {
  interactionBody,
  postToSlackApp,
  slashCommandBody,
  viewSubmissionPayload,
  type SigningOptions,
  type SlackAnswer,
  type SlackPerson,
} from '../../fakes/slack/slack-requests.js';
import { startFakeSlack, type FakeSlack } from '../../fakes/slack/start-fake-slack.js';
import { capturedLogger } from './log-capture.js';
import { slackBotToken, slackSigningSecret, timezone } from './secrets.js';
import type { Stack } from './stack.js';
import { onTestFinished } from 'vitest';

/** The Slack test user: granted every role by the run's access policy. */
export const slackTester: SlackPerson = { userId: 'UTESTER', channelId: 'CPOOL' };

/** The real Bolt app over HTTP on a stack's dispatcher, with Slack faked on loopback. */
export interface SlackFront {
  fake: FakeSlack;
  adapter: RunningSlack<SlackClub>;
  eventsUrl: string;
  /** A signed slash command; the response_url is new and unique to it. */
  slash(
    command: string,
    text?: string,
    signing?: Partial<SigningOptions>,
  ): Promise<{ answer: SlackAnswer; responseUrl: string }>;
  /**
   * A signed view_submission of the bot's form `form` (as the adapter would have opened it for
   * someone the club's records do not know), with a new view id and a unique response_url.
   */
  submit(
    form: FormId,
    values: Record<string, string>,
    signing?: Partial<SigningOptions>,
  ): Promise<{ answer: SlackAnswer; responseUrl: string; viewId: string }>;
  /** The body of a view_submission as `submit` sends it, to sign (or not) as a test likes. */
  submissionBody(
    form: FormId,
    values: Record<string, string>,
  ): { body: string; responseUrl: string; viewId: string };
  /** The accepted posts to a response_url: the worker's answers, not a "Working on it…" notice. */
  postsTo(responseUrl: string): Record<string, unknown>[];
  /**
   * The first post at `responseUrl` and how long after `since` (performance.now()) it was seen,
   * waiting at most `withinMs`; undefined when none came in time.
   */
  firstPost(
    responseUrl: string,
    since: number,
    withinMs: number,
  ): Promise<{ text: string; ms: number } | undefined>;
  stop(): Promise<void>;
}

/** The Slack side of a scenario; it stops when the test that started it finishes. */
export async function startSlackFront(stack: Stack, name: string): Promise<SlackFront> {
  const fake = await startFakeSlack();
  const { adapter } = await startOneClubSlack(
    { ...stack.services, dispatcher: stack.dispatcher },
    {
      signingSecret: slackSigningSecret,
      botToken: slackBotToken,
      slackApiUrl: fake.apiUrl,
      logger: capturedLogger(`${name}-slack`),
    },
  );
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await adapter.stop();
      await fake.close();
    })());
  onTestFinished(stop);
  const eventsUrl = `http://127.0.0.1:${adapter.port}/slack/events`;
  // The bot process delivers the workers' replies, through the fake Slack.
  stack.sinks.slack = createSlackReplySink({
    botToken: slackBotToken,
    slackApiUrl: fake.apiUrl,
    redis: stack.services.redis,
    prefix: stack.prefix,
    sealer: stack.services.sealer,
    logger: capturedLogger(`${name}-slack-sink`),
  });
  const sign = (signing?: Partial<SigningOptions>): SigningOptions => ({
    secret: slackSigningSecret,
    ...signing,
  });
  const submissionBody: SlackFront['submissionBody'] = (form, values) => {
    const responseUrl = fake.responseUrl();
    const viewId = `V${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    const definition = formCommands[form].buildForm({
      asker: { user: { platform: 'slack', userId: slackTester.userId }, roles: ['everyone'] },
      now: new Date(),
      timezone,
    });
    const view = renderModal(definition, {
      metadata: {
        form,
        channelId: slackTester.channelId ?? 'CPOOL',
        responseUrl,
        issuedAt: Date.now(),
      },
    });
    const payload = viewSubmissionPayload(
      slackTester,
      { ...(view as unknown as Record<string, unknown>), id: viewId, hash: `h-${viewId}` },
      values,
    );
    return { body: interactionBody(payload), responseUrl, viewId };
  };
  return {
    fake,
    adapter,
    eventsUrl,
    async slash(command, text = '', signing) {
      const responseUrl = fake.responseUrl();
      const body = slashCommandBody(slackTester, command, text, { responseUrl });
      return { answer: await postToSlackApp(eventsUrl, body, sign(signing)), responseUrl };
    },
    async submit(form, values, signing) {
      const { body, responseUrl, viewId } = submissionBody(form, values);
      const answer = await postToSlackApp(eventsUrl, body, sign(signing));
      return { answer, responseUrl, viewId };
    },
    submissionBody,
    postsTo: (responseUrl) =>
      fake
        .postsTo(responseUrl)
        .filter((post) => post.accepted && post.body.text !== 'Working on it…')
        .map((post) => post.body),
    async firstPost(responseUrl, since, withinMs) {
      while (performance.now() - since < withinMs) {
        const [first] = fake.postsTo(responseUrl).filter((post) => post.accepted);
        if (first) return { text: String(first.body.text ?? ''), ms: performance.now() - since };
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return undefined;
    },
    stop,
  };
}
