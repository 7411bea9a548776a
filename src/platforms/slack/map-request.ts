import type { BlockAction, SlashCommand, ViewOutput, ViewSubmitAction } from '@slack/bolt';
import type { ChatUser } from '../../core/chat-user.js';
import type { CommandInput } from '../../dispatch/create-dispatcher.js';
import type { SlackReplyAddress } from '../../delivery/reply-address.js';
import { decodeFormMetadata, type FormMetadata } from './form-metadata.js';
import type { SlackIdentity } from './resolve-slack-user.js';

/*
 * Pure mappings from what Bolt gives a listener to the dispatcher's neutral input: who is asking,
 * what they asked, and where the answer goes.
 */

/** What the adapter knows besides the payload: a correlation id, who the person is, the clock. */
export interface SlashContext {
  id: string;
  /** From users.info (cached). */
  identity?: SlackIdentity;
  now: number;
}

/** A slash command as the dispatcher takes it. */
export interface MappedCommand {
  input: Extract<CommandInput, { slash: string }>;
  user: ChatUser;
  replyTo: SlackReplyAddress;
}

/** Pure: who is asking on Slack, as the core knows them; `name` is the name Slack shows. */
export function slackUser(
  userId: string,
  teamId: string | undefined,
  identity?: SlackIdentity,
  name?: string,
): ChatUser {
  return {
    platform: 'slack',
    userId,
    ...(name?.trim() ? { displayName: name.trim() } : {}),
    ...(teamId ? { teamId } : {}),
    ...(identity?.email ? { email: identity.email } : {}),
    ...(identity?.outsider ? { outsider: true } : {}),
  };
}

/** The name in an interaction's `user`: `name`, or `username` where Slack sends only that. */
function nameOf(user: { name?: string; username?: string }): string | undefined {
  return user.name || user.username || undefined;
}

/**
 * Pure: a Slack slash command (`/incident` with text `new`) → the dispatcher's input, the asker
 * and where the answer goes (the response_url while it lasts, then the channel, to them only).
 */
export function mapSlashCommand(
  payload: Pick<
    SlashCommand,
    'command' | 'text' | 'user_id' | 'team_id' | 'channel_id' | 'response_url'
  > &
    Partial<Pick<SlashCommand, 'user_name' | 'channel_name'>>,
  context: SlashContext,
): MappedCommand {
  const teamId = payload.team_id || undefined;
  return {
    input: { id: context.id, slash: payload.command, text: payload.text ?? '' },
    user: slackUser(payload.user_id, teamId, context.identity, payload.user_name),
    replyTo: {
      platform: 'slack',
      userId: payload.user_id,
      channelId: payload.channel_id,
      // Slack names a private channel "privategroup" and a DM "directmessage": not names to show.
      ...(payload.channel_name && !/^(privategroup|directmessage)$/.test(payload.channel_name)
        ? { channelName: payload.channel_name }
        : {}),
      ...(teamId ? { teamId } : {}),
      ...(payload.response_url ? { responseUrl: payload.response_url } : {}),
      issuedAt: context.now,
    },
  };
}

/** A button press as the core needs it: who pressed, and where the answer goes. */
export interface MappedAction {
  user: ChatUser;
  /** Undefined when the button was not in a channel (e.g. in a modal): nowhere to answer. */
  replyTo: SlackReplyAddress | undefined;
}

/** Pure: the presser (permissions are checked for them, not for who asked first) and the reply address. */
export function mapBlockAction(
  body: Pick<BlockAction, 'user' | 'team' | 'channel' | 'container' | 'response_url'>,
  context: { identity?: SlackIdentity; now: number },
): MappedAction {
  const teamId = body.team?.id ?? body.user.team_id;
  const container = body.container as { channel_id?: unknown } | undefined;
  const channelId =
    body.channel?.id ??
    (typeof container?.channel_id === 'string' ? container.channel_id : undefined);
  return {
    user: slackUser(body.user.id, teamId, context.identity, nameOf(body.user)),
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

/** What a `view_submission` says: the typed values by field id, and the modal's metadata. */
export interface ViewSubmission {
  values: Record<string, string>;
  /** Undefined when the modal is not one of the bot's forms. */
  metadata: FormMetadata | undefined;
}

/**
 * Pure: the values of a submitted modal by block id (= field id), whatever the input: text and
 * email inputs give `value`, a datepicker `selected_date`, a select `selected_option.value`.
 * An empty input is `''`; the dispatcher's checks decide what that means.
 */
export function readViewSubmission(
  view: Pick<ViewOutput, 'state' | 'private_metadata'>,
): ViewSubmission {
  const values: Record<string, string> = {};
  for (const [blockId, actions] of Object.entries(view.state.values)) {
    const [state] = Object.values(actions);
    if (!state) continue;
    values[blockId] = state.value ?? state.selected_date ?? state.selected_option?.value ?? '';
  }
  return { values, metadata: decodeFormMetadata(view.private_metadata) };
}

/** A submitted form as the core needs it: who submitted, and where the confirmation goes. */
export interface MappedSubmission {
  user: ChatUser;
  replyTo: SlackReplyAddress;
}

/**
 * Pure: the submitter and the reply address kept in the modal's metadata (the channel of the
 * command that opened it, and its response_url while it lasts).
 */
export function mapViewSubmission(
  body: Pick<ViewSubmitAction, 'user' | 'team'>,
  metadata: FormMetadata,
  context: { identity?: SlackIdentity },
): MappedSubmission {
  const teamId = body.team?.id ?? body.user.team_id;
  return {
    user: slackUser(body.user.id, teamId, context.identity, nameOf(body.user)),
    replyTo: {
      platform: 'slack',
      userId: body.user.id,
      channelId: metadata.channelId,
      ...(teamId ? { teamId } : {}),
      ...(metadata.responseUrl ? { responseUrl: metadata.responseUrl } : {}),
      issuedAt: metadata.issuedAt,
    },
  };
}
