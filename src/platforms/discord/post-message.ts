import {
  DiscordAPIError,
  Routes,
  type REST,
  type RESTPostAPICurrentUserCreateDMChannelResult,
} from 'discord.js';
import type { Reply } from '../../core/reply.js';
import type { PostAddress } from '../../delivery/reply-address.js';
import { DeliveryError } from '../../delivery/reply-sink.js';
import { toDeliveryError } from './errors.js';
import { renderReply } from './render-reply.js';

/**
 * Posts a reply nobody asked for in that place, with the bot token: POST /channels/{id}/messages,
 * or for a person's DMs POST /users/@me/channels first. A 404 on a channel means it is gone (its
 * digests are dropped). Personal data never goes to a channel, whatever the caller asks.
 */
export function createDiscordPoster(
  bot: REST | undefined,
  onApiError: (error: unknown) => void = () => undefined,
): (address: PostAddress, reply: Reply) => Promise<void> {
  /** `channel`: a 404 means that channel is gone (a person's DMs are never "gone"). */
  async function call<T>(what: string, request: () => Promise<unknown>, channel = false) {
    try {
      return (await request()) as T;
    } catch (error) {
      onApiError(error);
      const failure = toDeliveryError(error, what);
      const gone = channel && error instanceof DiscordAPIError && error.status === 404;
      throw gone ? new DeliveryError(failure.message, { permanent: true, gone }) : failure;
    }
  }

  return async (address, reply) => {
    if (!bot) {
      throw new DeliveryError('Posting to a channel or a DM needs the bot token (DISCORD_TOKEN).', {
        permanent: true,
      });
    }
    if (address.post === 'channel' && reply.personalData) {
      throw new DeliveryError('A reply with personal data is never posted to a channel.', {
        permanent: true,
      });
    }
    let channelId = address.to;
    if (address.post !== 'channel') {
      const dm = await call<RESTPostAPICurrentUserCreateDMChannelResult>('opening a DM', () =>
        bot.post(Routes.userChannels(), { body: { recipient_id: address.to } }),
      );
      channelId = dm.id;
    }
    // Every page is its own message: nobody asked, so there is nobody to page for.
    for (const message of renderReply({ ...reply, actions: [] })) {
      const inChannel = address.post === 'channel';
      await call(
        inChannel ? 'the channel post' : 'the DM',
        () => bot.post(Routes.channelMessages(channelId), { body: message }),
        inChannel,
      );
    }
  };
}
