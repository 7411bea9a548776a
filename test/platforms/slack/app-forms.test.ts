import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackPerson } from '../../fakes/slack/slack-requests.js';
import { buttonPressPayload, viewSubmissionPayload } from '../../fakes/slack/slack-requests.js';
import { queueIdle, untilQueueIdle } from '../../support/queue-idle.js';
import { createSlackState } from '../../../src/platforms/slack/state.js';
import { testSealer } from '../../support/data-key.js';
import { waitFor } from '../../support/wait-for.js';
import { startSlackFixture, type SlackFixture } from './app-fixture.js';

let slack: SlackFixture;

beforeAll(async () => {
  slack = await startSlackFixture();
});
afterAll(() => slack?.stop());

interface OpenedView extends Record<string, unknown> {
  title: { text: string };
  callback_id: string;
  private_metadata: string;
  blocks: {
    type: string;
    block_id: string;
    optional?: boolean;
    element: Record<string, unknown>;
  }[];
}

/** Runs the slash command and returns the modal views.open received for its trigger. */
async function openForm(person: SlackPerson, command: string, text: string, responseUrl?: string) {
  const {
    answer,
    triggerId,
    responseUrl: url,
  } = await slack.slash(person, command, text, {
    ...(responseUrl ? { responseUrl } : {}),
  });
  expect(answer.status).toBe(200);
  expect(answer.text).toBe('');
  const call = await waitFor(
    () =>
      slack.fake.callsTo('views.open').find((candidate) => candidate.args.trigger_id === triggerId),
    'views.open',
  );
  return { view: call.args.view as OpenedView, responseUrl: url };
}

const submit = (
  person: SlackPerson,
  view: OpenedView,
  viewId: string,
  values: Record<string, string>,
) =>
  slack.interact(
    viewSubmissionPayload(person, { ...view, id: viewId, hash: `h-${viewId}` }, values),
  );

const incidents = () => slack.harness.simulator.admin.records('incidents');

describe('forms: /incident new as a Slack modal, filed by the worker', () => {
  it('when /incident new is run, the ack is empty and views.open gets the incident form, with no status for a coach', async () => {
    const { view } = await openForm(slack.people.coach, '/incident', 'new');
    expect(view).toMatchObject({ type: 'modal', callback_id: 'club-form' });
    expect(view.title.text.length).toBeLessThanOrEqual(24);
    const byId = Object.fromEntries(view.blocks.map((block) => [block.block_id, block]));
    expect(byId.title?.element).toMatchObject({
      type: 'plain_text_input',
      max_length: 50,
      multiline: false,
    });
    expect(byId.date?.element).toMatchObject({ type: 'datepicker' });
    expect(byId.date?.element.initial_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(byId.status).toBeUndefined();
    // The service takes 4000 characters; a Slack input takes at most 3000.
    expect(byId.details?.element).toMatchObject({ multiline: true, max_length: 3000 });
    expect(byId.details?.optional).toBe(true);
    expect(JSON.parse(view.private_metadata)).toMatchObject({
      form: 'incident',
      channelId: 'CPOOL',
    });
  });

  it('when the welfare officer runs /incident new, the form asks the status, Open by default', async () => {
    const { view } = await openForm(slack.people.welfare, '/incident', 'new');
    const status = view.blocks.find((block) => block.block_id === 'status');
    expect(status?.element).toMatchObject({
      type: 'static_select',
      initial_option: { value: 'Open' },
    });
  });

  it('when Slack refuses to open the form (its trigger expired), the person is told at the response_url to run the command again', async () => {
    slack.fake.failNext('views.open', { error: 'expired_trigger_id' });
    const { answer, responseUrl } = await slack.slash(slack.people.coach, '/incident', 'new');
    expect(answer.text).toBe('');
    const post = await waitFor(() => slack.fake.postsTo(responseUrl)[0], 'the explanation');
    expect(post.body).toEqual({
      response_type: 'ephemeral',
      text: 'Slack did not open the form in time. Please run /incident new again.',
    });
  });

  it('when the same submission arrives twice, the incident is filed exactly once and confirmed', async () => {
    const { view, responseUrl } = await openForm(slack.people.coach, '/incident', 'new');
    const before = incidents().length;
    const title = `Slack ${randomUUID().slice(0, 8)}`;
    const viewId = `V${randomUUID().slice(0, 10)}`;
    const values = {
      title,
      date: '2026-03-14',
      status: 'Open',
      details: 'Swimmer slipped <!channel> on the poolside & grazed a knee.',
    };
    const answers = await Promise.all([
      submit(slack.people.coach, view, viewId, values),
      submit(slack.people.coach, view, viewId, values),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('');
    }
    const confirmation = await waitFor(
      () =>
        slack.fake
          .postsTo(responseUrl)
          .find((post) => JSON.stringify(post.body).includes('Incident filed')),
      'the confirmation',
    );
    expect(confirmation.body.response_type).toBe('ephemeral');
    const filed = incidents().filter((incident) => incident.IncidentTitle === title);
    expect(filed).toHaveLength(1);
    expect(incidents()).toHaveLength(before + 1);
    // A late third copy still files nothing. It is enqueued (or not) before its acknowledgement,
    // so once the queue is idle any filing it caused has happened.
    expect((await submit(slack.people.coach, view, viewId, values)).status).toBe(200);
    await waitFor(() => queueIdle(slack.harness.services.queue.queue), 'the queue to be idle');
    expect(incidents().filter((incident) => incident.IncidentTitle === title)).toHaveLength(1);
  });

  it('when a submission breaks the rules, the modal shows errors by field and nothing is filed', async () => {
    const { view } = await openForm(slack.people.coach, '/incident', 'new');
    const before = { incidents: incidents().length, jobs: await slack.jobTotal() };
    const answer = await submit(slack.people.coach, view, `V${randomUUID().slice(0, 10)}`, {
      title: 'x'.repeat(60),
      date: '2026-02-30',
      status: 'Open',
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ response_action: 'errors' });
    const errors = answer.json?.errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['date', 'title']);
    expect(errors.title).toContain('60 characters');
    expect(errors.date).toBe('Date: is not a date I know: try 26/11, 26 Nov, today or yesterday.');
    expect(incidents()).toHaveLength(before.incidents);
    expect(await slack.jobTotal()).toBe(before.jobs);
  });

  it('when the response_url is used up, the confirmation comes by chat.postEphemeral in the channel of the command', async () => {
    const usedUp = slack.fake.responseUrl({ limit: 0 });
    const { view } = await openForm(slack.people.coach, '/incident', 'new', usedUp);
    const title = `Late ${randomUUID().slice(0, 8)}`;
    await submit(slack.people.coach, view, `V${randomUUID().slice(0, 10)}`, {
      title,
      date: '2026-03-14',
      status: 'Open',
    });
    const ephemeral = await waitFor(
      () =>
        slack.fake
          .callsTo('chat.postEphemeral')
          .find((call) => JSON.stringify(call.args).includes(title)),
      'chat.postEphemeral',
    );
    expect(ephemeral.args).toMatchObject({ channel: 'CPOOL', user: 'UCOACH' });
    expect(ephemeral.token).toBe('xoxb-test-token');
    expect(slack.fake.postsTo(usedUp).map((post) => post.accepted)).toEqual([false]);
  });

  it('when someone the bot cannot link opens /incident new with no reports account, they are told whom to tell before any question, and no form opens', async () => {
    const {
      answer,
      triggerId: opened,
      responseUrl,
    } = await slack.slash(slack.people.stranger, '/incident', 'new');
    expect(answer.status).toBe(200);
    // Answered at once: in the acknowledgement, or posted to the response URL.
    const told = answer.text
      ? answer.text
      : JSON.stringify(
          (await waitFor(() => slack.fake.postsTo(responseUrl)[0], 'the answer')).body,
        );
    expect(told).toContain('cannot file your report');
    expect(told).toMatch(/Please tell [A-Z]\w+ \w+ \(/);
    expect(slack.fake.callsTo('views.open').some((call) => call.args.trigger_id === opened)).toBe(
      false,
    );
  });

  it('when a kept form is reopened, it opens with what was typed, and only for its owner', async () => {
    const state = createSlackState({
      redis: slack.redis,
      prefix: slack.prefix,
      sealer: testSealer,
    });
    const typed = {
      title: 'Lane rope snapped',
      date: '2026-03-10',
      details: 'In lane 4 during warm-up.',
    };
    const token = await state.keepForm({
      id: 'incident',
      values: typed,
      owner: slack.people.coach.userId,
    });
    const button = { action_id: 'reopen-form:reopen-form', value: token };
    const person = slack.people.coach;
    const other = slack.people.stranger;
    const triggerId = `trigger-${randomUUID()}`;
    await slack.interact(
      buttonPressPayload(
        person,
        { actionId: button.action_id, value: button.value },
        { responseUrl: slack.fake.responseUrl(), triggerId },
      ),
    );
    const reopened = await waitFor(
      () => slack.fake.callsTo('views.open').find((call) => call.args.trigger_id === triggerId),
      'the form opened again',
    );
    // Someone else pressing the same button (were it ever shown to them) gets nothing typed.
    const otherTrigger = `trigger-${randomUUID()}`;
    const otherUrl = slack.fake.responseUrl();
    await slack.interact(
      buttonPressPayload(
        other,
        { actionId: button.action_id, value: button.value },
        { responseUrl: otherUrl, triggerId: otherTrigger },
      ),
    );
    await waitFor(() => slack.fake.postsTo(otherUrl)[0], 'the answer to the other person');
    expect(
      slack.fake.callsTo('views.open').some((call) => call.args.trigger_id === otherTrigger),
    ).toBe(false);

    const blocks = (reopened.args.view as OpenedView).blocks;
    const initial = Object.fromEntries(
      blocks.map((block) => [
        block.block_id,
        block.element.initial_value ?? block.element.initial_date,
      ]),
    );
    expect(initial).toMatchObject(typed);
  });

  it('when "File it anyway" is pressed under a likely duplicate, what was typed is filed once, and only for its owner', async () => {
    const state = createSlackState({
      redis: slack.redis,
      prefix: slack.prefix,
      sealer: testSealer,
    });
    const title = `Kept report ${randomUUID().slice(0, 8)}`;
    const values = { title, date: '2026-03-10', details: 'Filed after a second look.' };
    const token = await state.keepForm({ id: 'incident', values, owner: 'UCOACH' });
    const press = (person: SlackPerson, url: string) =>
      slack.interact(
        buttonPressPayload(
          person,
          { actionId: 'confirm-form:confirm-form', value: token },
          { responseUrl: url },
        ),
      );
    const otherUrl = slack.fake.responseUrl();
    await press(slack.people.stranger, otherUrl);
    const refused = await waitFor(() => slack.fake.postsTo(otherUrl)[0], 'the refusal');
    expect(JSON.stringify(refused.body)).toContain('nothing was filed');

    const url = slack.fake.responseUrl();
    await press(slack.people.coach, url);
    await press(slack.people.coach, url);
    await waitFor(
      () =>
        slack.fake
          .postsTo(url)
          .find((post) => JSON.stringify(post.body).includes('Incident filed')),
      'the confirmation',
    );
    await untilQueueIdle(slack.harness.services.queue.queue);
    expect(incidents().filter((incident) => incident.IncidentTitle === title)).toHaveLength(1);
  });
});
