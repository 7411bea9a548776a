/**
 * Where a reply goes: plain JSON, one shape per platform. Each platform's reply sink reads its own.
 */
export type ReplyAddress = SlackReplyAddress | DiscordReplyAddress | ConsoleReplyAddress;

export interface SlackReplyAddress {
  platform: 'slack';
  userId: string;
  channelId: string;
  teamId?: string;
  /** Valid for 5 posts within 30 minutes of `issuedAt`; after that the sink uses the Web API. */
  responseUrl?: string;
  issuedAt: number;
}

export interface DiscordReplyAddress {
  platform: 'discord';
  userId: string;
  channelId?: string;
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
