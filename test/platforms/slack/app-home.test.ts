import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEventToSlackApp } from '../../fakes/slack/slack-requests.js';
import { untilQueueIdle } from '../../support/queue-idle.js';
import { waitFor } from '../../support/wait-for.js';
import { signingSecret, startSlackFixture, type SlackFixture } from './app-fixture.js';

let slack: SlackFixture;
beforeAll(async () => {
  slack = await startSlackFixture();
});
afterAll(() => slack?.stop());

const sendEvent = (event: Record<string, unknown>) =>
  postEventToSlackApp(slack.eventsUrl, event, { secret: signingSecret });

const homeOpened = (user: string, tab = 'home') => ({
  type: 'app_home_opened',
  user,
  channel: `D${user}`,
  tab,
  event_ts: `${Date.now() / 1000}`,
});
const publishesFor = (user: string) =>
  slack.fake.callsTo('views.publish').filter((call) => call.args.user_id === user);

describe('the Slack App Home tab', () => {
  it('when a welfare officer opens the Home tab, then /today is published there with views.publish', async () => {
    expect(await sendEvent(homeOpened(slack.people.welfare.userId))).toBe(200);
    const [call] = await waitFor(() => {
      const calls = publishesFor(slack.people.welfare.userId);
      return calls.length > 0 ? calls : undefined;
    }, 'a views.publish');
    const view = call?.args.view as { type: string; blocks: unknown[] };
    expect(view.type).toBe('home');
    const text = JSON.stringify(view.blocks);
    expect(text).toContain('Today for you');
    expect(text).toContain('Open incidents older than 14 days');
  });

  it('when it is opened again within the hour, then it is not refreshed again', async () => {
    const user = slack.people.coach.userId;
    await sendEvent(homeOpened(user));
    await waitFor(() => (publishesFor(user).length > 0 ? true : undefined), 'a views.publish');
    const jobs = await slack.jobTotal();
    await sendEvent(homeOpened(user));
    await sendEvent(homeOpened(user));
    await untilQueueIdle(slack.harness.services.queue.queue);
    expect(await slack.jobTotal()).toBe(jobs);
    expect(publishesFor(user)).toHaveLength(1);
  });

  it('when the Messages tab is opened, then nothing is published', async () => {
    const jobs = await slack.jobTotal();
    await sendEvent(homeOpened(slack.people.stranger.userId, 'messages'));
    await untilQueueIdle(slack.harness.services.queue.queue);
    expect(await slack.jobTotal()).toBe(jobs);
    expect(publishesFor(slack.people.stranger.userId)).toHaveLength(0);
  });
});
