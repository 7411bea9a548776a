import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postToSlackApp,
  slackSignature,
  slashCommandBody,
} from '../../fakes/slack/slack-requests.js';
import { waitFor } from '../../support/wait-for.js';
import { signingSecret, startSlackFixture, type SlackFixture } from './app-fixture.js';

let slack: SlackFixture;

beforeAll(async () => {
  slack = await startSlackFixture();
});
afterAll(() => slack?.stop());

const now = () => Math.floor(Date.now() / 1000);

describe('requests not signed by Slack are refused by Bolt before any listener runs', () => {
  const cases = [
    {
      name: 'a signature made with another secret',
      signing: (body: string) => ({ signature: slackSignature('not-the-secret', now(), body) }),
    },
    { name: 'no signature at all', signing: () => ({ signature: null }) },
    {
      name: 'a correct signature six minutes old',
      signing: (body: string) => {
        const timestamp = now() - 6 * 60;
        return { timestamp, signature: slackSignature(signingSecret, timestamp, body) };
      },
    },
    {
      name: 'a body changed after signing',
      signing: (body: string) => ({ signature: slackSignature(signingSecret, now(), `${body}x`) }),
    },
  ];

  it.each(cases)(
    'when a command comes with $name, the answer is 401 and nothing is enqueued',
    async ({ signing }) => {
      const jobsBefore = await slack.jobTotal();
      const callsBefore = slack.fake.calls.length;
      const formsBefore = slack.fake.callsTo('views.open').length;
      const responseUrl = slack.fake.responseUrl();
      const body = slashCommandBody(slack.people.coach, '/incident', 'new', { responseUrl });
      const answer = await postToSlackApp(slack.eventsUrl, body, {
        secret: signingSecret,
        ...signing(body),
      });
      expect(answer.status).toBe(401);
      expect(await slack.jobTotal()).toBe(jobsBefore);
      // No users.info, no views.open: no listener ran.
      expect(slack.fake.calls.length).toBe(callsBefore);
      // The same command, signed, sent after it: once its listener has opened the form, a
      // listener set off by the refused one would have run too.
      const { triggerId } = await slack.slash(slack.people.coach, '/incident', 'new');
      await waitFor(
        () => slack.fake.callsTo('views.open').some((call) => call.args.trigger_id === triggerId),
        'the signed copy’s form',
      );
      expect(slack.fake.callsTo('views.open')).toHaveLength(formsBefore + 1);
      expect(await slack.jobTotal()).toBe(jobsBefore);
      expect(slack.fake.postsTo(responseUrl)).toEqual([]);
    },
  );

  it('when the same command is signed correctly, it is taken (so the refusals above are the signature’s doing)', async () => {
    const jobsBefore = await slack.jobTotal();
    const { answer } = await slack.slash(slack.people.coach, '/whoswho');
    expect(answer.status).toBe(200);
    // Acknowledged first: the job is enqueued just after.
    await waitFor(async () => (await slack.jobTotal()) === jobsBefore + 1, 'the job');
  });

  it('when a custom route (as the install flow’s pages are) is asked for, it answers on the same server without a signature', async () => {
    const response = await fetch(slack.eventsUrl.replace('/slack/events', '/custom-page'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
  });
});
