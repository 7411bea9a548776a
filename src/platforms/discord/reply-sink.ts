import type { Sealer } from '../../redis/sealer.js';
import {
  MessageFlags,
  REST,
  Routes,
  type RESTPostAPICurrentUserCreateDMChannelResult,
} from 'discord.js';
import type { Redis } from 'ioredis';
import { textReply, type Reply } from '../../core/reply.js';
import {
  isPostAddress,
  type DiscordReplyAddress,
  type ReplyAddress,
} from '../../delivery/reply-address.js';
import { DeliveryError, type ReplySink } from '../../delivery/reply-sink.js';
import { discordFailureCode, toDeliveryError } from './errors.js';
import { createDiscordPoster } from './post-message.js';
import type { DiscordMessage } from './render-reply.js';
import { createInteractionState, renderWithState } from './state.js';

/** Options for {@link createDiscordReplySink}. */
export interface DiscordReplySinkOptions {
  /** Discord's REST base (DISCORD_API_URL), e.g. `http://127.0.0.1:4100/api`. Default: Discord's. */
  apiUrl?: string;
  /**
   * The bot token, only for replies that come after the interaction's 15 minutes (a DM or a
   * channel message). Default: none; such replies then fail permanently with a logged reason.
   */
  token?: string;
  /** Redis and key prefix for button state (pages of long replies, "Post to channel"). */
  redis: Redis;
  prefix: string;
  /** Seals the state kept in Redis (replies, typed values, e-mails). */
  sealer: Sealer;
  /** How long after `issuedAt` the interaction token is used. Default: 14 minutes (15, less a margin for clocks and queues). */
  interactionWindowMs?: number;
  /** Told the code of each REST call that fails (see `discordFailureCode`), for metrics. Default: none. */
  onApiError?: (code: string) => void;
  now?: () => number;
}

/**
 * Delivers the worker's replies on Discord. Within the interaction's 15 minutes it edits the
 * deferred response through the interaction webhook with a bare REST (no bot token needed). A
 * personal reply to a public deferral (which should not happen: personal commands defer
 * ephemerally) is sent as an ephemeral follow-up instead, with a neutral note in the public
 * message. Later, the bot token posts to the channel when the reply holds no personal data and
 * was asked in public, and otherwise sends the person a DM.
 */
export function createDiscordReplySink(options: DiscordReplySinkOptions): ReplySink {
  const state = createInteractionState(options.redis, options.prefix, options.sealer);
  const now = options.now ?? Date.now;
  const windowMs = options.interactionWindowMs ?? 14 * 60_000;
  const restOptions = {
    ...(options.apiUrl ? { api: options.apiUrl } : {}),
    version: '10',
    // A 429 goes back to the queue with its Retry-After instead of waiting inside the REST client.
    rejectOnRateLimit: () => true,
    retries: 1,
    hashSweepInterval: 0,
    handlerSweepInterval: 0,
  };
  const webhooks = new REST(restOptions);
  const bot = options.token ? new REST(restOptions).setToken(options.token) : undefined;
  const post = createDiscordPoster(bot, (error) =>
    options.onApiError?.(discordFailureCode(error) ?? 'unreachable'),
  );

  async function call<T>(what: string, request: () => Promise<unknown>): Promise<T> {
    try {
      return (await request()) as T;
    } catch (error) {
      // Only REST calls run here: what Discord did not answer, the network lost.
      options.onApiError?.(discordFailureCode(error) ?? 'unreachable');
      throw toDeliveryError(error, what);
    }
  }

  async function editOriginal(address: DiscordReplyAddress, message: DiscordMessage) {
    await call('the interaction edit', () =>
      webhooks.patch(
        Routes.webhookMessage(address.applicationId, address.interactionToken, '@original'),
        { body: message, auth: false },
      ),
    );
  }

  async function followUpPrivately(address: DiscordReplyAddress, message: DiscordMessage) {
    await call('the ephemeral follow-up', () =>
      webhooks.post(Routes.webhook(address.applicationId, address.interactionToken), {
        body: { ...message, flags: MessageFlags.Ephemeral },
        auth: false,
        query: new URLSearchParams({ wait: 'true' }),
      }),
    );
  }

  async function postLate(address: DiscordReplyAddress, reply: Reply, message: DiscordMessage) {
    if (!bot) {
      throw new DeliveryError(
        'The interaction expired and no bot token is configured to send the answer another way.',
        { permanent: true },
      );
    }
    const inChannel = !reply.personalData && !address.ephemeral && address.channelId !== undefined;
    let channelId = inChannel ? address.channelId : undefined;
    if (!channelId) {
      const dm = await call<RESTPostAPICurrentUserCreateDMChannelResult>('opening a DM', () =>
        bot.post(Routes.userChannels(), { body: { recipient_id: address.userId } }),
      );
      channelId = dm.id;
    }
    const target = channelId;
    const content = inChannel
      ? 'The answer to an earlier command:'
      : 'The answer to your earlier command (it took longer than Discord lets the bot edit its first response):';
    await call(inChannel ? 'the channel message' : 'the DM', () =>
      bot.post(Routes.channelMessages(target), { body: { ...message, content } }),
    );
  }

  return {
    async deliver(address: ReplyAddress, reply: Reply) {
      if (isPostAddress(address))
        return address.on === 'discord' ? post(address, reply) : undefined;
      if (address.platform !== 'discord') return;
      const late = now() - address.issuedAt > windowMs;
      // "Post to channel" is offered only on a message the asker alone sees.
      const [first] = await renderWithState(reply, {
        state,
        ephemeral: !late && address.ephemeral,
        userId: address.userId,
      });
      if (!first) return;
      if (late) return postLate(address, reply, first);
      if (reply.personalData && !address.ephemeral) {
        const [notice] = await renderWithState(
          textReply('The answer holds personal details, so only you can see it.'),
          { state, ephemeral: false, userId: address.userId },
        );
        if (notice) await editOriginal(address, notice);
        return followUpPrivately(address, first);
      }
      return editOriginal(address, first);
    },
  };
}
