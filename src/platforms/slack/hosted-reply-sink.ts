import type { Redis } from 'ioredis';
import type { ReplyAddress } from '../../delivery/reply-address.js';
import { DeliveryError, type ReplySink } from '../../delivery/reply-sink.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { createSlackReplySink } from './reply-sink.js';

/**
 * One club's Slack replies in a hosting deployment: each goes out with the bot token of the
 * workspace it is for (a club may have several), through that token's reply sink.
 */
export function createHostedSlackSink(options: {
  /** The bot token of a workspace: `SLACK_BOT_TOKEN`, or its installation's. */
  tokenFor(teamId: string | undefined): Promise<string | undefined>;
  slackApiUrl?: string;
  redis: Redis;
  prefix: string;
  sealer: Sealer;
  logger: Logger;
  onApiError?: (code: string) => void;
}): ReplySink {
  const sinks = new Map<string, ReplySink>();
  return {
    async deliver(address: ReplyAddress, reply) {
      const teamId =
        address.platform === 'slack' || address.platform === 'post' ? address.teamId : undefined;
      const token = await options.tokenFor(teamId);
      if (!token) {
        throw new DeliveryError('No bot token for this Slack workspace: is the app installed?', {
          permanent: true,
        });
      }
      let sink = sinks.get(token);
      if (!sink) {
        sink = createSlackReplySink({ ...options, botToken: token });
        sinks.set(token, sink);
      }
      await sink.deliver(address, reply);
    },
  };
}
