import { botMessage } from './bot-message.js';
import { snowflake } from './snowflake.js';

/** Who sends an interaction, and where. */
export interface Sender {
  applicationId: string;
  userId: string;
  roles?: string[];
  guildId?: string;
  channelId?: string;
}

export const fakeGuildId = '800000000000000001';
export const fakeChannelId = '800000000000000002';

/** The fields every interaction payload needs (discord.js crashes without `entitlements`). */
function base(sender: Sender, type: number, data: unknown, id = snowflake()) {
  const guildId = sender.guildId ?? fakeGuildId;
  const channelId = sender.channelId ?? fakeChannelId;
  const user = {
    id: sender.userId,
    username: `user${sender.userId.slice(-4)}`,
    discriminator: '0',
    global_name: null,
    avatar: null,
  };
  return {
    id,
    application_id: sender.applicationId,
    type,
    data,
    token: `interaction-token-${id}`,
    version: 1,
    guild_id: guildId,
    channel_id: channelId,
    channel: { id: channelId, type: 0, guild_id: guildId, name: 'poolside' },
    member: {
      user,
      roles: sender.roles ?? [],
      permissions: '0',
      joined_at: new Date(0).toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      nick: null,
      avatar: null,
      premium_since: null,
      pending: false,
    },
    app_permissions: '0',
    locale: 'en-GB',
    guild_locale: 'en-GB',
    entitlements: [],
    authorizing_integration_owners: { '0': guildId },
    context: 0,
  };
}

export type InteractionPayload = ReturnType<typeof base>;

function commandData(
  name: string,
  subcommand: string | undefined,
  options: Record<string, string>,
  focused?: string,
) {
  const leaves = Object.entries(options).map(([option, value]) => ({
    type: 3,
    name: option,
    value,
    ...(option === focused ? { focused: true } : {}),
  }));
  return {
    id: snowflake(),
    name,
    type: 1,
    options: subcommand ? [{ type: 1, name: subcommand, options: leaves }] : leaves,
  };
}

/** `/name [subcommand] option:value …` */
export function chatInput(
  sender: Sender,
  command: { name: string; subcommand?: string; options?: Record<string, string> },
): InteractionPayload {
  return base(sender, 2, commandData(command.name, command.subcommand, command.options ?? {}));
}

/** Typing into an autocomplete option. */
export function autocomplete(
  sender: Sender,
  command: { name: string; subcommand?: string; focused: string; value: string },
): InteractionPayload {
  return base(
    sender,
    4,
    commandData(
      command.name,
      command.subcommand,
      { [command.focused]: command.value },
      command.focused,
    ),
  );
}

/** A submitted modal: text inputs by custom id, or a select's chosen values (an array). */
export function modalSubmit(
  sender: Sender,
  modal: { customId: string; values: Record<string, string | string[]> },
  id?: string,
): InteractionPayload {
  const components = Object.entries(modal.values).map(([customId, value], index) => ({
    type: 18,
    id: index + 1,
    component: Array.isArray(value)
      ? { type: 3, id: index + 100, custom_id: customId, values: value }
      : { type: 4, id: index + 100, custom_id: customId, value },
  }));
  return base(sender, 5, { custom_id: modal.customId, components }, id);
}

/** A pressed button on a message of the bot. */
export function buttonPress(sender: Sender, customId: string): InteractionPayload {
  return {
    ...base(sender, 3, { custom_id: customId, component_type: 2 }),
    message: botMessage(sender.channelId ?? fakeChannelId, { flags: 64 }),
  } as InteractionPayload;
}
