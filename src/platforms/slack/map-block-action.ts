import type { BlockAction } from '@slack/bolt';
import type { ChatUser } from '../../commands/chat-user.js';
import type { SlackReplyAddress } from '../../delivery/reply-address.js';
import { slackUser } from './map-request.js';

/** A button press as the core needs it: who pressed, and where the answer goes. */
export interface MappedAction {
  user: ChatUser;
  /** Undefined when the button was not in a channel (e.g. in a modal): nowhere to answer. */
  replyTo: SlackReplyAddress | undefined;
}

/** Pure: the presser (permissions are checked for them, not for who asked first) and the reply address. */
export function mapBlockAction(
  body: Pick<BlockAction, 'user' | 'team' | 'channel' | 'container' | 'response_url'>,
  context: { email?: string; now: number },
): MappedAction {
  const teamId = body.team?.id ?? body.user.team_id;
  const container = body.container as { channel_id?: unknown } | undefined;
  const channelId =
    body.channel?.id ??
    (typeof container?.channel_id === 'string' ? container.channel_id : undefined);
  return {
    user: slackUser(body.user.id, teamId, context.email),
    replyTo: channelId
      ? {
          platform: 'slack',
          userId: body.user.id,
          channelId,
          ...(teamId ? { teamId } : {}),
          ...(body.response_url ? { responseUrl: body.response_url } : {}),
          issuedAt: context.now,
        }
      : undefined,
  };
}
