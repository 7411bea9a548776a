import { applicationId, useDiscordSink } from './sink-fixture.js';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/core/reply.js';
import type { DiscordReplyAddress } from '../../../src/delivery/reply-address.js';
import { DeliveryError } from '../../../src/delivery/reply-sink.js';
import { editsOf, followUpsOf, textOf, type MessageBody } from '../../fakes/discord/records.js';

const discord = useDiscordSink('discord-sink');
let tokens = 0;

function address(overrides: Partial<DiscordReplyAddress> = {}): DiscordReplyAddress {
  tokens += 1;
  return {
    platform: 'discord',
    userId: '600000000000000001',
    channelId: '800000000000000002',
    applicationId,
    interactionToken: `sink-token-${tokens}`,
    issuedAt: Date.now(),
    ephemeral: true,
    ...overrides,
  };
}

const sink = discord.sink;

const roster: Reply = {
  title: 'Sessions: Tuesday',
  sections: [
    {
      kind: 'fields',
      title: 'Tuesday Juniors',
      fields: [{ label: 'Coaches', value: '@everyone Clarke' }],
    },
    { kind: 'list', items: ['<@123456789012345678> Smith', '@here Jones', '**Bold** Brown'] },
  ],
  visibility: 'asker',
  personalData: true,
};

const timetable: Reply = {
  title: 'Sessions this week',
  sections: [{ kind: 'list', items: ['Tuesday Juniors 18:00'] }],
  visibility: 'asker',
  personalData: false,
  actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
};

async function deliveryError(work: Promise<void>): Promise<DeliveryError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('the Discord reply sink', () => {
  it('when the interaction is fresh, it edits the original response without a bot token, mentions disabled and escaped', async () => {
    const to = address();
    await sink({ token: 'bot-token' }).deliver(to, roster);
    const [edit] = editsOf(discord.fake, to.interactionToken);
    expect(edit?.path).toBe(`/webhooks/${applicationId}/${to.interactionToken}/messages/@original`);
    expect(edit?.authorization).toBeUndefined();
    expect(edit?.body.allowed_mentions).toEqual({ parse: [] });
    const text = textOf(edit?.body);
    expect(text).not.toMatch(/@everyone|@here|<@\d/);
    expect(text).toContain('@\u200beveryone Clarke');
    expect(text).toContain('\\\\*\\\\*Bold\\\\*\\\\*');
  });

  it('when a reply without personal data goes to an ephemeral response, it offers "Post to channel"', async () => {
    const to = address();
    await sink().deliver(to, timetable);
    const [edit] = editsOf(discord.fake, to.interactionToken);
    const button = edit?.body.components?.[0]?.components[0];
    expect(button?.label).toBe('Post to channel');
    expect(button?.custom_id).toMatch(/^post:/);
  });

  it('when personal data would land in a public response, it is sent as an ephemeral follow-up instead', async () => {
    const to = address({ ephemeral: false });
    await sink().deliver(to, roster);
    const [edit] = editsOf(discord.fake, to.interactionToken);
    expect(textOf(edit?.body)).toContain('only you can see it');
    expect(textOf(edit?.body)).not.toContain('Clarke');
    const [followUp] = followUpsOf(discord.fake, to.interactionToken);
    expect(followUp?.body.flags).toBe(64);
    expect(followUp?.authorization).toBeUndefined();
    expect(textOf(followUp?.body)).toContain('Clarke');
  });

  it('when Discord answers 429, the delivery error carries its Retry-After', async () => {
    const to = address();
    discord.fake.failNext({
      match: (call) => call.path.includes(to.interactionToken),
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 3, global: false },
      headers: { 'Retry-After': '3' },
    });
    const error = await deliveryError(sink().deliver(to, roster));
    expect(error.options.retryAfterMs).toBeGreaterThanOrEqual(3_000);
    expect(error.options.permanent).toBeFalsy();
  });

  it('when Discord answers 401, the failure is permanent and not retried', async () => {
    const to = address();
    discord.fake.failNext({
      match: (call) => call.path.includes(to.interactionToken),
      status: 401,
      body: { message: 'Invalid Webhook Token', code: 50027 },
    });
    const error = await deliveryError(sink().deliver(to, roster));
    expect(error.options.permanent).toBe(true);
    expect(error.message).not.toContain(to.interactionToken);
    expect(
      discord.fake.calls.filter((call) => call.path.includes(to.interactionToken)),
    ).toHaveLength(1);
  });

  it('when Discord fails with a 5xx, the failure may be retried', async () => {
    const to = address();
    for (let n = 0; n < 2; n += 1) {
      discord.fake.failNext({
        match: (call) => call.path.includes(to.interactionToken),
        status: 502,
        body: { message: 'Bad gateway' },
      });
    }
    const error = await deliveryError(sink().deliver(to, roster));
    expect(error.options.permanent).toBeFalsy();
  });

  describe('when the interaction token has expired', () => {
    const later = () => Date.now() + 16 * 60_000;

    it('a reply without personal data asked in public is posted to the channel with the bot token', async () => {
      const to = address({ ephemeral: false });
      await sink({ token: 'bot-token', now: later }).deliver(to, timetable);
      expect(editsOf(discord.fake, to.interactionToken)).toHaveLength(0);
      const post = discord.fake.calls
        .filter((call) => call.path === `/channels/${to.channelId}/messages`)
        .at(-1);
      expect(post?.authorization).toBe('Bot bot-token');
      expect((post?.body as MessageBody).allowed_mentions).toEqual({ parse: [] });
      expect(textOf(post?.body as MessageBody)).not.toContain('Post to channel');
    });

    it('a reply with personal data goes to the person in a DM, never to the channel', async () => {
      const to = address({ userId: '600000000000000042' });
      const channelPostsBefore = discord.fake.calls.filter((call) =>
        call.path.startsWith('/channels/8'),
      ).length;
      await sink({ token: 'bot-token', now: later }).deliver(to, roster);
      const dm = discord.fake.calls.find(
        (call) =>
          call.path === '/users/@me/channels' &&
          (call.body as { recipient_id: string }).recipient_id === to.userId,
      );
      expect(dm?.authorization).toBe('Bot bot-token');
      const message = discord.fake.calls.find(
        (call) => call.path === `/channels/dm-${to.userId}/messages`,
      );
      expect(textOf(message?.body as MessageBody)).toContain('Clarke');
      expect(discord.fake.calls.filter((call) => call.path.startsWith('/channels/8')).length).toBe(
        channelPostsBefore,
      );
    });

    it('without a bot token the failure is permanent', async () => {
      const error = await deliveryError(sink({ now: later }).deliver(address(), roster));
      expect(error.options.permanent).toBe(true);
    });
  });
});
