import type { types, webApi } from '@slack/bolt';
import type { Reply } from '../../core/reply.js';
import type { PostAddress } from '../../delivery/reply-address.js';
import { DeliveryError } from '../../delivery/reply-sink.js';
import { deliveryErrorFrom, slackErrorCode, type RetryBounds } from './errors.js';
import { renderReply } from './render-reply.js';

/** Slack answers meaning a channel is gone for good: its digests are dropped. */
const goneCodes = new Set(['channel_not_found', 'is_archived']);

/** An App Home view holds at most this many blocks. */
const homeBlocks = 100;

/**
 * Posts a reply nobody asked for in that place: chat.postMessage to a channel id or to a user id
 * (Slack opens the app's DM with them), or views.publish for their App Home tab. Personal data
 * never goes to a channel, whatever the caller asks.
 */
export function createSlackPoster(
  client: webApi.WebClient,
  options: { bounds?: RetryBounds; reported?: (error: unknown) => unknown } = {},
): (address: PostAddress, reply: Reply) => Promise<void> {
  const reported = options.reported ?? ((error: unknown) => error);
  const failed = (error: unknown, address: PostAddress): DeliveryError => {
    reported(error);
    const failure = deliveryErrorFrom(error, options.bounds);
    // Only a channel is ever "gone": a person's DMs failing drops nothing.
    return address.post === 'channel' && goneCodes.has(slackErrorCode(error) ?? '')
      ? new DeliveryError(failure.message, { permanent: true, gone: true, cause: error })
      : failure;
  };

  return async (address, reply) => {
    if (address.post === 'channel' && reply.personalData) {
      throw new DeliveryError('A reply with personal data is never posted to a channel.', {
        permanent: true,
      });
    }
    // A post carries no buttons: nobody asked, so there is nobody to follow up for.
    const messages = renderReply({ ...reply, actions: [] });
    try {
      if (address.post === 'home') {
        const blocks: types.KnownBlock[] = messages.flatMap((message) => message.blocks);
        await client.views.publish({
          user_id: address.to,
          view: { type: 'home', blocks: blocks.slice(0, homeBlocks) },
        });
        return;
      }
      for (const message of messages) {
        await client.chat.postMessage({ channel: address.to, ...message });
      }
    } catch (error) {
      throw failed(error, address);
    }
  };
}
