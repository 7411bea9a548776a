import { ApplicationCommandOptionType } from 'discord.js';
import type { ChatUser } from '../../core/chat-user.js';
import type { CommandInput } from '../../dispatch/create-dispatcher.js';
import type { DiscordReplyAddress } from '../../delivery/reply-address.js';

/*
 * Pure mappings from what discord.js gives an interaction listener to the dispatcher's neutral
 * input. The shapes below are the parts of discord.js's interaction classes that are read, so a
 * test can pass plain objects.
 */

/** What every interaction carries. */
export interface InteractionLike {
  id: string;
  applicationId: string;
  token: string;
  /** From the interaction's snowflake: when Discord created it (the token's 15 minutes start then). */
  createdTimestamp: number;
  channelId: string | null;
  /** The channel when discord.js has it cached; only its name is read, for showing. */
  channel?: object | null;
  guildId: string | null;
  user: { id: string; username?: string; globalName?: string | null };
  /**
   * A cached GuildMember (roles in a manager, `nickname`) or the raw API member (role ids, `nick`).
   */
  member: {
    roles: readonly string[] | { cache: { keys(): Iterable<string> } };
    nickname?: string | null;
    nick?: string | null;
  } | null;
}

/** One option as discord.js lists it; subcommands (and groups) nest theirs. */
export interface OptionLike {
  name: string;
  type: ApplicationCommandOptionType;
  value?: string | number | boolean;
  options?: readonly OptionLike[];
}

export interface CommandInteractionLike extends InteractionLike {
  commandName: string;
  options: { data: readonly OptionLike[] };
}

/** The person as the access policy sees them: guild as team, member role ids as groups. */
export function chatUserOf(interaction: InteractionLike): ChatUser {
  const roles = interaction.member?.roles;
  const ids = roles === undefined ? [] : 'cache' in roles ? [...roles.cache.keys()] : [...roles];
  // A cached member lists the guild's @everyone role, whose id is the guild's: not a grant.
  const groups = ids.filter((id) => id !== interaction.guildId);
  // The name the guild shows: the member's nickname, else the display name, else the username.
  const { member, user } = interaction;
  const name = member?.nickname || member?.nick || user.globalName || user.username;
  return {
    platform: 'discord',
    userId: interaction.user.id,
    ...(name ? { displayName: name } : {}),
    ...(interaction.guildId ? { teamId: interaction.guildId } : {}),
    groups,
  };
}

/** Where the worker answers: the interaction's webhook, as deferred (ephemeral or not). */
export function replyAddressOf(
  interaction: InteractionLike,
  ephemeral: boolean,
): DiscordReplyAddress {
  return {
    platform: 'discord',
    userId: interaction.user.id,
    ...(interaction.channelId ? { channelId: interaction.channelId } : {}),
    ...(channelNameOf(interaction.channel)
      ? { channelName: channelNameOf(interaction.channel) }
      : {}),
    applicationId: interaction.applicationId,
    interactionToken: interaction.token,
    issuedAt: interaction.createdTimestamp,
    ephemeral,
  };
}

/** The registry name: the command, then its subcommand group and subcommand ("incident new"). */
export function commandNameOf(interaction: CommandInteractionLike): string {
  const words = [interaction.commandName];
  let options = interaction.options.data;
  for (let nested = options[0]; nested && isSubcommand(nested); nested = options[0]) {
    words.push(nested.name);
    options = nested.options ?? [];
  }
  return words.join(' ');
}

/** The leaf options by name, as text (every registry option is a string). */
export function commandOptionsOf(interaction: CommandInteractionLike): Record<string, string> {
  const options: Record<string, string> = {};
  const visit = (list: readonly OptionLike[]) => {
    for (const option of list) {
      if (isSubcommand(option)) visit(option.options ?? []);
      else if (option.value !== undefined) options[option.name] = String(option.value);
    }
  };
  visit(interaction.options.data);
  return options;
}

function isSubcommand(option: OptionLike): boolean {
  return (
    option.type === ApplicationCommandOptionType.Subcommand ||
    option.type === ApplicationCommandOptionType.SubcommandGroup
  );
}

/** A slash command as the dispatcher takes it. */
export interface MappedCommand {
  input: Extract<CommandInput, { name: string }>;
  user: ChatUser;
  replyTo: DiscordReplyAddress;
}

/** `ephemeral` is how the adapter defers (decided from the registry before deferring). */
export function mapCommandInteraction(
  interaction: CommandInteractionLike,
  options: { ephemeral: boolean },
): MappedCommand {
  return {
    input: {
      id: interaction.id,
      name: commandNameOf(interaction),
      options: commandOptionsOf(interaction),
    },
    user: chatUserOf(interaction),
    replyTo: replyAddressOf(interaction, options.ephemeral),
  };
}

/** A submitted modal component: a text input's value or a select's values. */
export interface ModalFieldLike {
  customId: string;
  value?: string | boolean | null;
  values?: readonly string[];
}

/** The typed values by field id (a select gives its one chosen value, or nothing). */
export function formValuesOf(fields: Iterable<ModalFieldLike>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    if (typeof field.value === 'string') values[field.customId] = field.value;
    else if (field.values) values[field.customId] = field.values[0] ?? '';
  }
  return values;
}

/** A guild channel's name; a DM has none. */
function channelNameOf(channel: object | null | undefined): string | undefined {
  const name = channel && 'name' in channel ? channel.name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}
