import { useSlackSink } from './sink-fixture.js';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/core/reply.js';
import type { PostAddress } from '../../../src/delivery/reply-address.js';
import { DeliveryError } from '../../../src/delivery/reply-sink.js';

const slack = useSlackSink('slack-post');

const post = (extra: Pick<PostAddress, 'post' | 'to'>): PostAddress => ({
  platform: 'post',
  on: 'slack',
  teamId: 'T1',
  subscriptionId: 'k3f9q',
  ...extra,
});
const digest = (title: string, personalData = false): Reply => ({
  title,
  sections: [{ kind: 'list', items: ['Juniors 18:00–19:00, 14 / 20'] }],
  visibility: personalData ? 'asker' : 'channel',
  personalData,
});

describe('Slack posts nobody asked for in that place (digests, App Home)', () => {
  it('when a digest goes to a channel, then chat.postMessage posts it there with the bot token', async () => {
    await slack.sink.deliver(post({ post: 'channel', to: 'CPOOL' }), digest('Tonight in CPOOL'));
    const [call] = slack.fake.callsTo('chat.postMessage').filter((c) => c.args.channel === 'CPOOL');
    expect(call?.token).toBe('xoxb-slack-post');
    expect(String(call?.args.text)).toContain('Tonight in CPOOL');
  });

  it("when a digest goes to a person's DMs, then chat.postMessage posts to their user id", async () => {
    await slack.sink.deliver(post({ post: 'dm', to: 'UWELFARE' }), digest('Renewals', true));
    const calls = slack.fake
      .callsTo('chat.postMessage')
      .filter((c) => c.args.channel === 'UWELFARE');
    expect(calls).toHaveLength(1);
    expect(slack.fake.callsTo('chat.postEphemeral')).toHaveLength(0);
  });

  it("when the App Home is refreshed, then views.publish shows the reply on the person's Home tab", async () => {
    await slack.sink.deliver(post({ post: 'home', to: 'UHOME' }), digest('Today for you', true));
    const [call] = slack.fake.callsTo('views.publish');
    expect(call?.args.user_id).toBe('UHOME');
    const view = call?.args.view as { type: string; blocks: unknown[] };
    expect(view.type).toBe('home');
    expect(JSON.stringify(view.blocks)).toContain('Today for you');
  });

  it('when a reply with personal data is addressed to a channel, then nothing is posted', async () => {
    const before = slack.fake.callsTo('chat.postMessage').length;
    await expect(
      slack.sink.deliver(post({ post: 'channel', to: 'CPUBLIC' }), digest('Renewals', true)),
    ).rejects.toMatchObject({ options: { permanent: true } });
    expect(slack.fake.callsTo('chat.postMessage')).toHaveLength(before);
  });

  it('when the channel is gone (channel_not_found), then the failure says so and is not retried', async () => {
    slack.fake.failNext('chat.postMessage', { error: 'channel_not_found' });
    const failure = await slack.sink
      .deliver(post({ post: 'channel', to: 'CGONE' }), digest('Tonight'))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryError);
    expect((failure as DeliveryError).options).toMatchObject({ permanent: true, gone: true });
  });

  it("when a person's DMs cannot be reached, then it fails without calling anything gone", async () => {
    slack.fake.failNext('chat.postMessage', { error: 'channel_not_found' });
    const failure = (await slack.sink
      .deliver(post({ post: 'dm', to: 'UNOBODY' }), digest('Renewals', true))
      .catch((error: unknown) => error)) as DeliveryError;
    expect(failure.options.gone).toBeUndefined();
  });
});
