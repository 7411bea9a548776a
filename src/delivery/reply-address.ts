import { z } from 'zod';

/**
 * Where a reply goes: plain JSON, one shape per platform. Each platform's reply sink reads its own.
 */
export type ReplyAddress =
  SlackReplyAddress | DiscordReplyAddress | ConsoleReplyAddress | PostAddress;

export interface SlackReplyAddress {
  platform: 'slack';
  userId: string;
  channelId: string;
  /** The channel's name as Slack sent it, for showing ("#juniors"); never used to send. */
  channelName?: string;
  teamId?: string;
  /** Valid for 5 posts within 30 minutes of `issuedAt`; after that the sink uses the Web API. */
  responseUrl?: string;
  issuedAt: number;
}

export interface DiscordReplyAddress {
  platform: 'discord';
  userId: string;
  channelId?: string;
  /** The channel's name as Discord sent it, for showing ("#juniors"); never used to send. */
  channelName?: string;
  applicationId: string;
  /** The interaction token: edits the original response for 15 minutes after `issuedAt`. */
  interactionToken: string;
  issuedAt: number;
  /** Whether the deferred response was ephemeral (decided at defer time). */
  ephemeral: boolean;
}

export interface ConsoleReplyAddress {
  platform: 'console';
  conversationId: string;
}

/**
 * A post nobody asked for in that place (a digest, the App Home tab): to a channel, to a person's
 * direct messages, or (Slack) to their App Home. Every platform's sink reads it.
 */
export interface PostAddress {
  /**
   * Not a platform: the post's platform is `on`. Kept apart so that code which narrows an address
   * by its platform still finds that platform's own reply address.
   */
  platform: 'post';
  on: 'slack' | 'discord' | 'console';
  post: 'channel' | 'dm' | 'home';
  /** The channel id (`channel`) or the person's user id (`dm`, `home`). */
  to: string;
  teamId?: string;
  /** The digest subscription it is for: removed when its channel is gone. */
  subscriptionId?: string;
}

/** Whether an address is a {@link PostAddress}. */
export function isPostAddress(address: ReplyAddress): address is PostAddress {
  return address.platform === 'post';
}

/** The platform a reply goes out on. */
export function platformOf(address: ReplyAddress): PostAddress['on'] {
  return isPostAddress(address) ? address.on : address.platform;
}

/** The conversation a reply goes to, to keep one conversation's replies in order. */
export function conversationOf(address: ReplyAddress): string {
  switch (address.platform) {
    case 'post':
      return `${address.on}:${address.post}:${address.to}`;
    case 'slack':
      return `slack:${address.channelId}:${address.userId}`;
    case 'discord':
      return `discord:${address.interactionToken}`;
    case 'console':
      return `console:${address.conversationId}`;
  }
}

/** Where a reply goes, as zod reads it back from Redis (jobs and the outbox hold it sealed). */
export const replyAddressSchema = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('slack'),
    userId: z.string(),
    channelId: z.string(),
    channelName: z.string().optional(),
    teamId: z.string().optional(),
    responseUrl: z.string().optional(),
    issuedAt: z.number(),
  }),
  z.object({
    platform: z.literal('discord'),
    userId: z.string(),
    channelId: z.string().optional(),
    channelName: z.string().optional(),
    applicationId: z.string(),
    interactionToken: z.string(),
    issuedAt: z.number(),
    ephemeral: z.boolean(),
  }),
  z.object({ platform: z.literal('console'), conversationId: z.string() }),
  z.object({
    platform: z.literal('post'),
    on: z.enum(['slack', 'discord', 'console']),
    post: z.enum(['channel', 'dm', 'home']),
    to: z.string(),
    teamId: z.string().optional(),
    subscriptionId: z.string().optional(),
  }),
]) satisfies z.ZodType<ReplyAddress>;
