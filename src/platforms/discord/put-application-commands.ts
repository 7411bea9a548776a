import { Routes, type REST, type RESTPutAPIApplicationCommandsResult } from 'discord.js';
import type { CommandDefinition } from '../../core/command.js';
import { commandDefinitions } from './command-definitions.js';

/** Options for {@link putApplicationCommands}. */
export interface PutApplicationCommandsOptions {
  /** A REST client holding the bot token. */
  rest: REST;
  applicationId: string;
  /** Deploy to this guild only (updates at once; for development). Default: globally. */
  guildId?: string;
  registry: readonly CommandDefinition[];
}

/** What was deployed, for the script to print. */
export interface DeployedCommands {
  scope: 'guild' | 'global';
  /** Top-level command names with their subcommands, e.g. "incident (new, list)". */
  commands: string[];
}

/**
 * Replaces every application command with the registry's in one bulk overwrite (PUT), so a
 * command removed from the registry disappears from Discord too.
 */
export async function putApplicationCommands(
  options: PutApplicationCommandsOptions,
): Promise<DeployedCommands> {
  const body = commandDefinitions(options.registry);
  const route = options.guildId
    ? Routes.applicationGuildCommands(options.applicationId, options.guildId)
    : Routes.applicationCommands(options.applicationId);
  const deployed = (await options.rest.put(route, { body })) as RESTPutAPIApplicationCommandsResult;
  return {
    scope: options.guildId ? 'guild' : 'global',
    commands: deployed.map((command) => {
      const subcommands = (command.options ?? [])
        .filter((option) => option.type === 1)
        .map((option) => option.name);
      return subcommands.length > 0 ? `${command.name} (${subcommands.join(', ')})` : command.name;
    }),
  };
}
