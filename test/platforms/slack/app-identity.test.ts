import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for.js';
import { startSlackFixture, type SlackFixture } from './app-fixture.js';

let slack: SlackFixture;

beforeAll(async () => {
  // auth.test fails at start, then answers on the adapter's first retry (1 s later).
  slack = await startSlackFixture({ authTestFailures: 1 });
});
afterAll(() => slack?.stop());

const cachedPeople = () => slack.redis.keys(`${slack.prefix}:slack:person:*`);

describe('when Slack’s auth.test fails, identity fails closed', () => {
  it('a command is answered "temporarily unavailable", nothing is cached and the adapter is not ready; once auth.test answers, the same person is served', async () => {
    expect(await slack.adapter.ready()).toEqual({
      ok: false,
      detail: 'waiting for Slack auth.test to answer',
    });
    const { responseUrl } = await slack.slash(slack.people.welfare, '/incident', 'list');
    const post = await waitFor(() => slack.fake.postsTo(responseUrl)[0], 'the answer');
    expect(post.body.text).toBe(
      'The bot is temporarily unavailable. Please try again in a minute.',
    );
    expect(await cachedPeople()).toEqual([]);
    expect(await slack.jobTotal()).toBe(0);

    await waitFor(async () => (await slack.adapter.ready()).ok, 'auth.test answering on a retry');
    expect(await slack.adapter.ready()).toEqual({ ok: true, detail: 'listening for Slack' });
    const again = await slack.slash(slack.people.welfare, '/incident', 'list');
    const answer = await waitFor(() => slack.fake.postsTo(again.responseUrl)[0], 'the answer');
    expect(answer.body.text).not.toContain('temporarily unavailable');
    expect(await cachedPeople()).toHaveLength(1);
    expect(slack.fake.callsTo('auth.test').length).toBe(2);
  });
});
