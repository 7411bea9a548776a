import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonPressPayload } from '../../fakes/slack/slack-requests.js';
import type { ResponseUrlPost } from '../../fakes/slack/start-fake-slack.js';
import { waitFor } from '../../support/wait-for.js';
import { startSlackFixture, type SlackFixture } from './app-fixture.js';

let slack: SlackFixture;

interface Block {
  type: string;
  text?: { text: string };
  elements?: { type: string; action_id: string; value: string }[];
}

beforeAll(async () => {
  slack = await startSlackFixture();
  // A volunteer whose name tries to ping the whole channel and a person, before anyone reads who's who.
  const [whosWho] = slack.harness.simulator.admin.records('whosWho') as {
    Categories: { Category: string; Members: Record<string, unknown>[] }[];
  }[];
  const categories = (whosWho?.Categories ?? []).map((category, index, all) => ({
    ...category,
    Members:
      index === all.length - 1
        ? [
            ...category.Members,
            { Firstname: '<!channel>', Lastname: '<@U0BAD> & co', Notes: 'Tea <b>urn</b>' },
          ]
        : category.Members,
  }));
  slack.harness.simulator.admin.setRecords('whosWho', [{ Categories: categories }]);
});
afterAll(() => slack?.stop());

/** The first post at a response_url, once it has come. */
const firstPost = (url: string) =>
  waitFor(() => slack.fake.postsTo(url)[0], `a post at ${url}`).then((post) => {
    expect(post.accepted).toBe(true);
    return post;
  });
const blocksOf = (post: ResponseUrlPost) => post.body.blocks as Block[];
const headerOf = (post: ResponseUrlPost) => blocksOf(post)[0]?.text?.text;
const buttonsOf = (post: ResponseUrlPost) =>
  blocksOf(post).flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : []));

describe('slash commands over HTTP through the real Bolt app, queue and worker', () => {
  it('when /whoswho is run, it is acknowledged at once with an empty body and the worker’s Block Kit reply is the one post at the response_url', async () => {
    const { answer, responseUrl } = await slack.slash(slack.people.stranger, '/whoswho');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.elapsedMs).toBeLessThan(1_000);

    const post = await firstPost(responseUrl);
    // Nothing came before it: no "Working on it…" from the listener.
    expect(slack.fake.postsTo(responseUrl)).toEqual([post]);
    expect(post.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(headerOf(post)).toBe("Who's who");
    expect(JSON.stringify(blocksOf(post))).toContain('Welfare Officer');
    expect(buttonsOf(post).map((button) => button.action_id)).toEqual([
      'post-to-channel:post-to-channel',
    ]);
  });

  it('when the answer takes longer than 1.5 s, "Working on it…" comes first, to the asker only, then the answer', async () => {
    const resume = await slack.harness.pauseWork();
    let responseUrl = '';
    try {
      ({ responseUrl } = await slack.slash(slack.people.stranger, '/events'));
      const notice = await firstPost(responseUrl);
      expect(notice.body).toMatchObject({ response_type: 'ephemeral', text: 'Working on it…' });
    } finally {
      resume();
    }
    const answer = await waitFor(() => slack.fake.postsTo(responseUrl)[1], 'the answer');
    expect(headerOf(answer)).toBe('Upcoming events');
  });

  it('when a name in a reply says <!channel> or <@U…>, it is escaped in the blocks and pings nobody', async () => {
    const { responseUrl } = await slack.slash(slack.people.stranger, '/whoswho', 'tea');
    const post = await firstPost(responseUrl);
    const sent = JSON.stringify(post.body);
    expect(sent).toContain('&lt;!channel&gt; &lt;@U0BAD&gt; &amp; co (Tea &lt;b&gt;urn&lt;/b&gt;)');
    expect(sent).not.toMatch(/<!channel>|<@U0BAD>/);
  });

  it('when "Post to channel" is pressed, the same reply is posted in the channel, once, without buttons', async () => {
    const { responseUrl } = await slack.slash(slack.people.stranger, '/whoswho', 'committee');
    const [button] = buttonsOf(await firstPost(responseUrl));
    expect(button).toBeDefined();
    const pressUrl = slack.fake.responseUrl();
    const press = buttonPressPayload(
      slack.people.stranger,
      { actionId: button!.action_id, value: button!.value },
      { responseUrl: pressUrl },
    );
    expect((await slack.interact(press)).status).toBe(200);
    const posted = await firstPost(pressUrl);
    expect(posted.body.response_type).toBe('in_channel');
    expect(headerOf(posted)).toBe("Who's who: committee");
    expect(buttonsOf(posted)).toEqual([]);

    const againUrl = slack.fake.responseUrl();
    await slack.interact({ ...press, response_url: againUrl });
    const again = await firstPost(againUrl);
    expect(again.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(again.body)).toContain('can no longer be posted');
  });

  it('when a coach asks /session for their session, the roster comes back only to them', async () => {
    const { answer, responseUrl } = await slack.slash(
      slack.people.coach,
      '/session',
      slack.coachSession,
    );
    expect(answer.text).toBe('');
    const post = await firstPost(responseUrl);
    expect(post.body.response_type).toBe('ephemeral');
    expect(headerOf(post)).toBe(slack.coachSession);
    expect(JSON.stringify(blocksOf(post))).toContain('*Swimmers*');
    // No "post to channel" on personal data: only the roster's own poolside sheet.
    expect(buttonsOf(post).map((button) => button.action_id)).toEqual([
      'run-command:poolside-sheet',
    ]);
  });

  it('when the welfare officer asks /member with a full name, the member card comes back only to them', async () => {
    const users = slack.harness.simulator.admin.records('users');
    const swimmer = users.find(
      (user) =>
        user.IsASwimmer === 1 &&
        user.Active === 1 &&
        users.filter((other) => other.Lastname === user.Lastname).length === 1,
    );
    const { responseUrl } = await slack.slash(
      slack.people.welfare,
      '/member',
      `${String(swimmer?.Firstname)} ${String(swimmer?.Lastname)}`,
    );
    const post = await firstPost(responseUrl);
    expect(post.body.response_type).toBe('ephemeral');
    expect(headerOf(post)).toContain(String(swimmer?.Lastname));
    // Health details are offered, not shown: one button, no "post to channel".
    expect(buttonsOf(post)).toHaveLength(1);
    expect(JSON.stringify(post.body)).toContain('Show health and safeguarding details');
  });

  it('when a name matches several members and one is chosen, that member is looked up for the person who pressed', async () => {
    const users = slack.harness.simulator.admin.records('users');
    const surname = String(
      users.find(
        (user) =>
          users.filter((other) => other.Lastname === user.Lastname && other.Active === 1).length >
          2,
      )?.Lastname,
    );
    const { responseUrl } = await slack.slash(slack.people.welfare, '/member', surname);
    const choices = await firstPost(responseUrl);
    expect(headerOf(choices)).toBe('Which one?');
    const [first] = buttonsOf(choices);
    expect(first?.action_id).toMatch(/^run-command:member-/);

    const pressUrl = slack.fake.responseUrl();
    await slack.interact(
      buttonPressPayload(
        slack.people.welfare,
        { actionId: first!.action_id, value: first!.value },
        { responseUrl: pressUrl },
      ),
    );
    const card = await firstPost(pressUrl);
    expect(card.body.response_type).toBe('ephemeral');
    expect(headerOf(card)).toContain(surname);
  });

  it('when someone the club does not know runs /session, the empty acknowledgement is followed by their refusal at the response_url and nothing is enqueued', async () => {
    const before = await slack.jobTotal();
    const { answer, responseUrl } = await slack.slash(slack.people.stranger, '/session', 'Tuesday');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    const post = await firstPost(responseUrl);
    expect(post.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(post.body.blocks)).toContain('Not available to you');
    expect(post.body.text).toContain('Only coaches');
    expect(await slack.jobTotal()).toBe(before);
    expect(slack.fake.postsTo(responseUrl)).toHaveLength(1);
  });

  it('when a subcommand is mistyped, "did you mean" comes back at the response_url, to the asker only', async () => {
    const before = await slack.jobTotal();
    const { answer, responseUrl } = await slack.slash(slack.people.coach, '/incident', 'newx');
    expect(answer.text).toBe('');
    const post = await firstPost(responseUrl);
    expect(post.body.response_type).toBe('ephemeral');
    expect(post.body.text).toContain('Did you mean /incident new?');
    expect(await slack.jobTotal()).toBe(before);
  });

  it('when chat.postEphemeral answers 429 with Retry-After, the worker delivers the reply after that wait', async () => {
    const usedUp = slack.fake.responseUrl({ limit: 0 });
    slack.fake.failNext('chat.postEphemeral', { status: 429, retryAfterSeconds: 1 });
    await slack.slash(slack.people.stranger, '/whoswho', 'welfare', { responseUrl: usedUp });
    const calls = await waitFor(() => {
      const found = slack.fake
        .callsTo('chat.postEphemeral')
        .filter((call) => JSON.stringify(call.args).includes("Who's who: welfare"));
      return found.length >= 2 && found;
    }, 'the reply after the 429');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(900);
    expect(calls[1]!.args).toMatchObject({ channel: 'CPOOL', user: 'USTRANGER' });
  });

  it('when the same person runs several commands, Slack is asked for their email once (it is cached)', async () => {
    const person = { userId: 'UCACHED', channelId: 'CPOOL' };
    slack.fake.setEmail(person.userId, 'nobody.known@example.org');
    // Each answer is awaited: the acknowledgement comes before the email is looked up.
    for (const text of ['', 'welfare', 'committee']) {
      await firstPost((await slack.slash(person, '/whoswho', text)).responseUrl);
    }
    const lookups = slack.fake
      .callsTo('users.info')
      .filter((call) => call.args.user === person.userId);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.token).toBe('xoxb-test-token');
  });
});
