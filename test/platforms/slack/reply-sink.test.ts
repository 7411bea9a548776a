import { useSlackSink } from './sink-fixture.js';
import { describe, expect, it } from 'vitest';
import { textReply, type Reply } from '../../../src/core/reply.js';
import type { SlackReplyAddress } from '../../../src/delivery/reply-address.js';
import { DeliveryError } from '../../../src/delivery/reply-sink.js';

const slack = useSlackSink('slack-sink');

const address = (extra: Partial<SlackReplyAddress> = {}): SlackReplyAddress => ({
  platform: 'slack',
  userId: 'UASKER',
  channelId: 'CPOOL',
  teamId: 'T1',
  issuedAt: Date.now(),
  ...extra,
});
const hello = (text = 'Hello') => textReply(text);
const ephemeralTo = (text: string) =>
  slack.fake.callsTo('chat.postEphemeral').filter((call) => call.args.text === text);

describe('the Slack reply slack.sink', () => {
  it('when six replies go to one response_url, five use it and the sixth goes by chat.postEphemeral', async () => {
    const url = slack.fake.responseUrl();
    for (let index = 1; index <= 6; index += 1)
      await slack.sink.deliver(address({ responseUrl: url }), hello(`six ${index}`));
    expect(slack.fake.postsTo(url).map((post) => post.accepted)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(ephemeralTo('six 6')).toHaveLength(1);
    expect(ephemeralTo('six 6')[0]?.args).toMatchObject({ channel: 'CPOOL', user: 'UASKER' });
  });

  it.each([
    {
      answer: 'a 404 saying "Expired url"',
      exhausted: { status: 404, body: { ok: false, error: 'Expired url' } },
    },
    {
      answer: 'a 200 with ok: false',
      exhausted: { status: 200, body: { ok: false, error: 'used_url' } },
    },
    { answer: 'a 410 with no body', exhausted: { status: 410, body: '' } },
  ])(
    'when Slack refuses a used-up response_url with $answer, chat.postEphemeral takes over and the URL is not tried again',
    async ({ exhausted }) => {
      const url = slack.fake.responseUrl({ limit: 0, exhausted });
      const text = `refused ${Math.random()}`;
      await slack.sink.deliver(address({ responseUrl: url }), hello(text));
      await slack.sink.deliver(address({ responseUrl: url }), hello(text));
      expect(slack.fake.postsTo(url)).toHaveLength(1);
      expect(ephemeralTo(text)).toHaveLength(2);
    },
  );

  it('when the response_url is older than 30 minutes, it is not tried at all', async () => {
    const url = slack.fake.responseUrl();
    await slack.sink.deliver(
      address({ responseUrl: url, issuedAt: Date.now() - 31 * 60_000 }),
      hello('old'),
    );
    expect(slack.fake.postsTo(url)).toEqual([]);
    expect(ephemeralTo('old')).toHaveLength(1);
  });

  it("when a stored response_url is not Slack's, nothing is posted to it and the reply goes by the Web API", async () => {
    const elsewhere = `http://127.0.0.2:${new URL(slack.fake.responseUrl()).port}/response/elsewhere`;
    await slack.sink.deliver(address({ responseUrl: elsewhere }), hello('elsewhere'));
    expect(slack.fake.postsTo(elsewhere)).toEqual([]);
    expect(ephemeralTo('elsewhere')).toHaveLength(1);
  });

  it('when chat.postEphemeral answers 429, the delivery fails with the Retry-After in milliseconds, not permanently', async () => {
    slack.fake.failNext('chat.postEphemeral', { status: 429, retryAfterSeconds: 7 });
    const error = await slack.sink
      .deliver(address(), hello('limited'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).options).toMatchObject({ retryAfterMs: 7_000 });
    expect((error as DeliveryError).options.permanent).toBeFalsy();
  });

  it('when Slack asks for a very long wait, the wait is bounded', async () => {
    slack.fake.failNext('chat.postEphemeral', { status: 429, retryAfterSeconds: 3_600 });
    const error = (await slack.sink
      .deliver(address(), hello('limited'))
      .catch((caught: unknown) => caught)) as DeliveryError;
    expect(error.options.retryAfterMs).toBe(300_000);
  });

  it('when the bot cannot see the channel, the reply goes to the person’s DM with the app', async () => {
    slack.fake.failNext('chat.postEphemeral', { error: 'channel_not_found' });
    await slack.sink.deliver(address({ channelId: 'GPRIVATE' }), hello('to the DM'));
    const dm = slack.fake
      .callsTo('chat.postMessage')
      .find((call) => call.args.text === 'to the DM');
    expect(dm?.args.channel).toBe('UASKER');
  });

  it('when neither the channel nor the DM takes the reply, the failure is permanent', async () => {
    slack.fake.failNext('chat.postEphemeral', { error: 'channel_not_found' });
    slack.fake.failNext('chat.postMessage', { error: 'messages_tab_disabled' });
    const error = (await slack.sink
      .deliver(address(), hello('nowhere'))
      .catch((caught: unknown) => caught)) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.options.permanent).toBe(true);
  });

  it('when a reply with personal data asks for the channel, it is still shown only to the asker', async () => {
    const reply: Reply = { ...hello('private roster'), visibility: 'channel', personalData: true };
    const url = slack.fake.responseUrl();
    await slack.sink.deliver(address({ responseUrl: url }), reply);
    expect(slack.fake.postsTo(url)[0]?.body.response_type).toBe('ephemeral');
    await slack.sink.deliver(address(), reply);
    expect(ephemeralTo('private roster')).toHaveLength(1);
    expect(
      slack.fake.callsTo('chat.postMessage').some((call) => call.args.text === 'private roster'),
    ).toBe(false);
  });

  it('when a channel reply without personal data cannot use the response_url, chat.postMessage posts it in the channel', async () => {
    const reply: Reply = { ...hello('timetable'), visibility: 'channel' };
    await slack.sink.deliver(address({ responseUrl: slack.fake.responseUrl({ limit: 0 }) }), reply);
    const posted = slack.fake
      .callsTo('chat.postMessage')
      .find((call) => call.args.text === 'timetable');
    expect(posted?.args.channel).toBe('CPOOL');
  });

  it('when a roster is longer than one message holds, it arrives as several messages, each within Block Kit limits', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => [
      `Swimmer number ${index + 1}`,
      'Tue 3 Mar 2026',
    ]);
    const reply: Reply = {
      title: 'Sessions: Tuesday',
      sections: [{ kind: 'table', columns: ['Swimmer', 'Last attended'], rows }],
      visibility: 'asker',
      personalData: true,
    };
    const url = slack.fake.responseUrl();
    await slack.sink.deliver(address({ responseUrl: url }), reply);
    const posts = slack.fake.postsTo(url);
    expect(posts.length).toBeGreaterThan(1);
    const text = posts.map((post) => JSON.stringify(post.body.blocks)).join('');
    expect(text).toContain('*Swimmer number 1*');
    expect(text).toContain('*Swimmer number 600*');
    for (const post of posts) {
      const blocks = post.body.blocks as { type: string; text?: { text: string } }[];
      expect(blocks.length).toBeLessThanOrEqual(50);
      for (const block of blocks) expect(block.text?.text.length ?? 0).toBeLessThanOrEqual(3000);
    }
  });
});
