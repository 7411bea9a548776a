import { useDiscordSink } from './sink-fixture.js';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/core/reply.js';
import type { PostAddress } from '../../../src/delivery/reply-address.js';
import { DeliveryError } from '../../../src/delivery/reply-sink.js';

const discord = useDiscordSink('discord-post');
const sink = (token?: string) => discord.sink(token ? { token } : {});
const post = (extra: Pick<PostAddress, 'post' | 'to'>): PostAddress => ({
  platform: 'post',
  on: 'discord',
  subscriptionId: 'k3f9q',
  ...extra,
});
const digest = (title: string, personalData = false): Reply => ({
  title,
  sections: [{ kind: 'text', text: 'Juniors 18:00–19:00, 14 / 20' }],
  visibility: personalData ? 'asker' : 'channel',
  personalData,
});
const callsTo = (method: string, path: string) =>
  discord.fake.calls.filter((call) => call.method === method && call.path === path);

describe('Discord posts nobody asked for in that place (digests)', () => {
  it('when a digest goes to a channel, then the bot posts it there with its token', async () => {
    await sink('bot-token-1').deliver(post({ post: 'channel', to: '810' }), digest('Tonight'));
    const [call] = callsTo('POST', '/channels/810/messages');
    expect(call?.authorization).toBe('Bot bot-token-1');
    expect(JSON.stringify(call?.body)).toContain('Tonight');
  });

  it("when a digest goes to a person's DMs, then the bot opens a DM and posts in it", async () => {
    await sink('bot-token-1').deliver(post({ post: 'dm', to: '611' }), digest('Renewals', true));
    expect(callsTo('POST', '/users/@me/channels').at(-1)?.body).toEqual({ recipient_id: '611' });
    expect(callsTo('POST', '/channels/dm-611/messages')).toHaveLength(1);
  });

  it('when the channel is gone (404), then the failure says so and is not retried', async () => {
    discord.fake.failNext({
      match: (call) => call.path === '/channels/899/messages',
      status: 404,
      body: { message: 'Unknown Channel', code: 10003 },
    });
    const failure = (await sink('bot-token-1')
      .deliver(post({ post: 'channel', to: '899' }), digest('Tonight'))
      .catch((error: unknown) => error)) as DeliveryError;
    expect(failure).toBeInstanceOf(DeliveryError);
    expect(failure.options).toMatchObject({ permanent: true, gone: true });
  });

  it('when personal data is addressed to a channel, or no bot token is configured, then nothing is posted', async () => {
    const before = discord.fake.calls.length;
    await expect(
      sink('bot-token-1').deliver(post({ post: 'channel', to: '812' }), digest('Renewals', true)),
    ).rejects.toMatchObject({ options: { permanent: true } });
    await expect(
      sink().deliver(post({ post: 'channel', to: '812' }), digest('Tonight')),
    ).rejects.toMatchObject({ options: { permanent: true } });
    expect(discord.fake.calls.length).toBe(before);
  });
});
