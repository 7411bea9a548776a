import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToSlackApp, slashCommandBody } from '../../fakes/slack/slack-requests.js';
import { startLocalServer } from '../../support/local-http-server.js';
import { waitFor } from '../../support/wait-for.js';
import { signingSecret, startSlackFixture, type SlackFixture } from './app-fixture.js';

let slack: SlackFixture;
let foreign: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  slack = await startSlackFixture();
  foreign = await startLocalServer((_request, response) => {
    response.writeHead(200);
    response.end('ok');
  });
});
afterAll(async () => {
  await slack?.stop();
  await foreign?.close();
});

const ephemeralsSaying = (text: string) =>
  slack.fake
    .callsTo('chat.postEphemeral')
    .filter((call) => JSON.stringify(call.args).includes(text));

describe('a response_url is used only when it is Slack’s', () => {
  it('when a signed command names a foreign host as its response_url, the at-once answer goes through the Web API and nothing reaches that host', async () => {
    const hook = `${foreign.url}/hook/${Date.now()}`;
    await slack.slash(slack.people.coach, '/incident', 'newx', { responseUrl: hook });
    await waitFor(() => ephemeralsSaying('Did you mean /incident new?')[0], 'the answer');
    expect(foreign.requests).toEqual([]);
  });

  it('when a queued command names a foreign host, its job carries no response_url and the worker answers through the Web API', async () => {
    const hook = `${foreign.url}/queued/${Date.now()}`;
    await slack.slash(slack.people.stranger, '/events', '', { responseUrl: hook });
    await waitFor(() => ephemeralsSaying('Upcoming events')[0], 'the answer by the Web API');
    expect(foreign.requests).toEqual([]);
  });
});

describe('a signed Slack request seen before is acknowledged and ignored', () => {
  it('when the same signed slash command comes twice, there is one job and one answer', async () => {
    const responseUrl = slack.fake.responseUrl();
    const body = slashCommandBody(slack.people.stranger, '/events', '', { responseUrl });
    const timestamp = Math.floor(Date.now() / 1000);
    const jobsBefore = await slack.jobTotal();
    const first = await postToSlackApp(slack.eventsUrl, body, { secret: signingSecret, timestamp });
    const again = await postToSlackApp(slack.eventsUrl, body, { secret: signingSecret, timestamp });
    expect([first.status, again.status]).toEqual([200, 200]);
    await waitFor(() => slack.fake.postsTo(responseUrl)[0], 'the answer');
    expect(await slack.jobTotal()).toBe(jobsBefore + 1);
    // Signed anew (as Slack signs its own retries), the same command is a new request.
    await postToSlackApp(slack.eventsUrl, body, {
      secret: signingSecret,
      timestamp: timestamp + 1,
    });
    await waitFor(async () => (await slack.jobTotal()) === jobsBefore + 2, 'the second job');
  });
});
