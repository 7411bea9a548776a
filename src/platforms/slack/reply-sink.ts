import type { Redis } from 'ioredis';
import type { Reply } from '../../core/reply.js';
import {
  isPostAddress,
  type ReplyAddress,
  type SlackReplyAddress,
} from '../../delivery/reply-address.js';
import { DeliveryError, type ReplySink } from '../../delivery/reply-sink.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { createWebClient } from './create-web-client.js';
import { createSlackPoster } from './post-message.js';
import { isSlackResponseUrl, postToResponseUrl, createResponseUrlUses } from './response-url.js';
import { renderReply, type SlackMessage } from './render-reply.js';
import { deliveryErrorFrom, slackErrorCode, slackFailureCode } from './errors.js';
import { createSlackState, keepActionState } from './state.js';

/**
 * Whose token a reply goes out with: one workspace's (`SLACK_BOT_TOKEN`), or the installation of
 * the workspace the reply is for, as Bolt's `authorize` finds a request's.
 */
export type SlackTokens =
  { botToken: string } | { tokenFor(teamId: string | undefined): Promise<string | undefined> };

/** Where a club's Slack state lives (response_url counts, button state, cached people), sealed. */
export interface SlackClubState {
  redis: Redis;
  prefix: string;
  sealer: Sealer;
}

/** Options for {@link createSlackReplySink}: the workspace tokens and one club's state. */
export type SlackReplySinkOptions = SlackTokens &
  SlackClubState & {
    /** The Web API base (`SLACK_API_URL`); tests point it at a fake. Default: Slack's. */
    slackApiUrl?: string;
    logger: Logger;
    /** Longest Retry-After honoured after a 429. Default: 5 minutes. */
    maxRetryAfterMs?: number;
    /** Told the code of each Web API call that fails (see `slackFailureCode`), for metrics. Default: none. */
    onApiError?: (code: string) => void;
    now?: () => number;
  };

/** A message to post; a notice of one line needs no blocks. */
type Outgoing = Pick<SlackMessage, 'text'> & Partial<Pick<SlackMessage, 'blocks'>>;

/** Where an ephemeral reply goes when Slack will not show it in the channel (the bot is not in it). */
const dmInsteadCodes = new Set(['channel_not_found', 'not_in_channel', 'user_not_in_channel']);

/**
 * One club's Slack replies, for one workspace or many: each goes out with the token of the
 * workspace it is for, through the command's response_url while it lasts (5 posts within 30
 * minutes, counted in Redis), then the Web API: chat.postEphemeral for the asker (a direct message
 * when the bot cannot see the channel), chat.postMessage for a channel reply. A reply with
 * personal data is only ever shown to the asker, whatever it asks for. Posts nobody asked for
 * there (digests, App Home) go through `createSlackPoster`.
 */
export function createSlackReplySink(options: SlackReplySinkOptions): ReplySink {
  const { logger } = options;
  const tokenFor =
    'botToken' in options ? async () => options.botToken : options.tokenFor.bind(options);
  const { redis, prefix, sealer } = options;
  const uses = createResponseUrlUses({ redis, prefix, now: options.now });
  const state = createSlackState({ redis, prefix, sealer });
  const bounds = { maxRetryAfterMs: options.maxRetryAfterMs };
  /** Every failed Web API call is counted, the ones a fallback then covers too. */
  const reported = (error: unknown): unknown => {
    const code = slackFailureCode(error);
    if (code !== undefined) options.onApiError?.(code);
    return error;
  };
  const workspaces = new Map<string, ReturnType<typeof webApiReplies>>();

  function webApiReplies(token: string) {
    const client = createWebClient(token, { slackApiUrl: options.slackApiUrl, logger });
    const toAsker = async (address: SlackReplyAddress, message: Outgoing): Promise<void> => {
      try {
        await client.chat.postEphemeral({
          channel: address.channelId,
          user: address.userId,
          ...message,
        });
      } catch (error) {
        reported(error);
        if (!dmInsteadCodes.has(slackErrorCode(error) ?? ''))
          throw deliveryErrorFrom(error, bounds);
        // The bot cannot see the channel (a private channel, another person's DM): the app's DM can.
        try {
          await client.chat.postMessage({ channel: address.userId, ...message });
        } catch (dmError) {
          throw deliveryErrorFrom(reported(dmError), bounds);
        }
      }
    };
    const toChannel = async (address: SlackReplyAddress, message: SlackMessage): Promise<void> => {
      try {
        await client.chat.postMessage({ channel: address.channelId, ...message });
      } catch (error) {
        reported(error);
        if (!dmInsteadCodes.has(slackErrorCode(error) ?? ''))
          throw deliveryErrorFrom(error, bounds);
        await toAsker(address, {
          text: 'I cannot post in this channel: invite me to it first (type /invite and my name), then run the command again.',
        });
      }
    };
    return { post: createSlackPoster(client, { bounds, reported }), toAsker, toChannel };
  }

  async function webApiFor(address: ReplyAddress) {
    const teamId =
      address.platform === 'slack' || address.platform === 'post' ? address.teamId : undefined;
    const token = await tokenFor(teamId);
    if (!token) {
      throw new DeliveryError('No bot token for this Slack workspace: is the app installed?', {
        permanent: true,
      });
    }
    const found = workspaces.get(token) ?? webApiReplies(token);
    workspaces.set(token, found);
    return found;
  }

  async function viaResponseUrl(
    address: SlackReplyAddress,
    message: SlackMessage,
    inChannel: boolean,
  ): Promise<boolean> {
    const url = address.responseUrl;
    if (url && !isSlackResponseUrl(url, options.slackApiUrl)) {
      logger.warn("a response_url that is not Slack's was not used");
      return false;
    }
    if (!url || !(await uses.claim(url, address.issuedAt))) return false;
    const outcome = await postToResponseUrl(url, {
      response_type: inChannel ? 'in_channel' : 'ephemeral',
      replace_original: false,
      ...message,
    });
    if (outcome === 'posted') return true;
    if (outcome === 'gone') await uses.exhaust(url, address.issuedAt);
    logger.info({ outcome }, 'response_url not usable; replying through the Web API');
    return false;
  }

  return {
    async deliver(address, reply: Reply) {
      if (isPostAddress(address)) {
        return address.on === 'slack' ? (await webApiFor(address)).post(address, reply) : undefined;
      }
      if (address.platform !== 'slack') return;
      // The one guard before anything public: personal data never goes to a channel.
      const inChannel = reply.visibility === 'channel' && !reply.personalData;
      try {
        const actionValues = await keepActionState(reply, state, address.userId);
        // A long reply is several messages; if one fails, a retry sends them all again.
        for (const message of renderReply(reply, { actionValues })) {
          if (await viaResponseUrl(address, message, inChannel)) continue;
          // The response_url needs no token; the Web API needs the workspace's.
          const web = await webApiFor(address);
          if (inChannel) await web.toChannel(address, message);
          else await web.toAsker(address, message);
        }
      } catch (error) {
        // Redis or the network failing is passing: the worker retries what is not definite.
        throw deliveryErrorFrom(error, bounds);
      }
    },
  };
}
