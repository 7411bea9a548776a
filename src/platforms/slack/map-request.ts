import type { SlashCommand } from '@slack/bolt';
import type { ChatUser } from '../../commands/chat-user.js';
import type { CommandInput } from '../../dispatch/create-dispatcher.js';
import type { SlackReplyAddress } from '../../delivery/reply-address.js';

/** What the adapter knows besides the payload: a correlation id, the email, the clock. */
export interface SlashContext {
  id: string;
  /** From users.info (cached); undefined when Slack has none for the person. */
  email?: string;
  now: number;
}

/** A slash command as the dispatcher takes it. */
export interface MappedCommand {
  input: Extract<CommandInput, { slash: string }>;
  user: ChatUser;
  replyTo: SlackReplyAddress;
}

/** Pure: who is asking on Slack, as the core knows them. */
export function slackUser(userId: string, teamId: string | undefined, email?: string): ChatUser {
  return {
    platform: 'slack',
    userId,
    ...(teamId ? { teamId } : {}),
    ...(email ? { email } : {}),
  };
}

/**
 * Pure: a Slack slash command (`/incident` with text `new`) → the dispatcher's input, the asker
 * and where the answer goes (the response_url while it lasts, then the channel, to them only).
 */
export function mapSlashCommand(
  payload: Pick<
    SlashCommand,
    'command' | 'text' | 'user_id' | 'team_id' | 'channel_id' | 'response_url'
  >,
  context: SlashContext,
): MappedCommand {
  const teamId = payload.team_id || undefined;
  return {
    input: { id: context.id, slash: payload.command, text: payload.text ?? '' },
    user: slackUser(payload.user_id, teamId, context.email),
    replyTo: {
      platform: 'slack',
      userId: payload.user_id,
      channelId: payload.channel_id,
      ...(teamId ? { teamId } : {}),
      ...(payload.response_url ? { responseUrl: payload.response_url } : {}),
      issuedAt: context.now,
    },
  };
}
