import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { offeredOn, type CommandDefinition, type CommandOption } from '../../core/command.js';
import { truncate } from './escape-discord-text.js';

/** Discord's limits on application commands. */
export const commandLimits = {
  name: 32,
  description: 100,
  options: 25,
  choices: 25,
  /** Longest option value the registry's parser accepts (see `checkOptions`). */
  optionValue: 200,
} as const;

/**
 * Discord cannot run a command that also has subcommands, so a command whose name starts a family
 * ("waitinglist" beside "waitinglist add") is deployed as this subcommand: `/waitinglist show`.
 */
export const bareSubcommand = 'show';

/**
 * The registry name of a command as Discord sends it: "waitinglist show" is "waitinglist" when the
 * registry has no "waitinglist show"; every other name is the same on both sides.
 */
export function registryCommandName(
  registry: readonly Pick<CommandDefinition, 'name'>[],
  discordName: string,
): string {
  if (registry.some((command) => command.name === discordName)) return discordName;
  const base = discordName.slice(0, -` ${bareSubcommand}`.length);
  return discordName.endsWith(` ${bareSubcommand}`) &&
    registry.some((command) => command.name === base)
    ? base
    : discordName;
}

/** The registry cannot be deployed as it is (a mistake in a command's declaration). */
export class CommandDefinitionError extends Error {
  readonly code = 'command-definition';
  constructor(message: string) {
    super(message);
    this.name = 'CommandDefinitionError';
  }
}

/**
 * Pure: the registry as Discord application commands, for a bulk overwrite. Names with two words
 * ("incident new", "incident list") become one command with subcommands; a bare command beside its
 * family becomes the subcommand {@link bareSubcommand}; every option is a string, with its choices
 * or autocomplete (a `user` option is Discord's user picker). Only the commands Discord offers are
 * deployed. Commands are usable in servers only, where member
 * roles exist for the access policy. Throws {@link CommandDefinitionError} naming the command when
 * Discord would refuse it, so a bad declaration fails the deploy rather than half-applying.
 */
export function commandDefinitions(
  registry: readonly CommandDefinition[],
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const families = new Map<string, CommandDefinition[]>();
  for (const command of registry.filter((candidate) => offeredOn(candidate, 'discord'))) {
    const [base = '', sub, ...more] = command.name.split(' ');
    if (more.length > 0)
      throw new CommandDefinitionError(`/${command.name}: at most one subcommand word.`);
    checkName(command.name, base);
    if (sub !== undefined) checkName(command.name, sub);
    families.set(base, [...(families.get(base) ?? []), command]);
  }
  return [...families].map(([base, commands]): RESTPostAPIChatInputApplicationCommandsJSONBody => {
    const [only] = commands;
    const common = {
      type: ApplicationCommandType.ChatInput as const,
      name: base,
      contexts: [InteractionContextType.Guild],
    };
    if (commands.length === 1 && only && only.name === base) {
      return { ...common, description: describe(only.description), options: options(only) };
    }
    const bare = commands.some((command) => command.name === base);
    if (bare && commands.some((command) => command.name === `${base} ${bareSubcommand}`)) {
      throw new CommandDefinitionError(
        `/${base} ${bareSubcommand} is taken, so /${base} beside its subcommands has no name on Discord.`,
      );
    }
    if (commands.length > commandLimits.options) {
      throw new CommandDefinitionError(
        `/${base} has more than ${commandLimits.options} subcommands.`,
      );
    }
    const subcommands = commands.map((command): APIApplicationCommandSubcommandOption => ({
      type: ApplicationCommandOptionType.Subcommand,
      name: command.name.split(' ')[1] ?? bareSubcommand,
      description: describe(command.description),
      options: options(command),
    }));
    const names = subcommands.map((subcommand) => subcommand.name).join(', ');
    return { ...common, description: describe(`/${base}: ${names}.`), options: subcommands };
  });
}

function options(command: CommandDefinition): APIApplicationCommandBasicOption[] {
  if (command.options.length > commandLimits.options) {
    throw new CommandDefinitionError(
      `/${command.name} has more than ${commandLimits.options} options.`,
    );
  }
  // Discord wants required options first; the registry's order is kept otherwise.
  const ordered = [
    ...command.options.filter((option) => option.required),
    ...command.options.filter((option) => !option.required),
  ];
  return ordered.map((option) => stringOption(command, option));
}

function stringOption(
  command: CommandDefinition,
  option: CommandOption,
): APIApplicationCommandBasicOption {
  checkName(command.name, option.name);
  if (option.type === 'user') {
    const { name, required } = option;
    return {
      type: ApplicationCommandOptionType.User,
      name,
      required,
      description: describe(option.description),
    };
  }
  const base = {
    type: ApplicationCommandOptionType.String,
    name: option.name,
    description: describe(option.description),
    required: option.required,
    max_length: commandLimits.optionValue,
  } as const;
  if (option.choices && option.autocomplete) {
    throw new CommandDefinitionError(
      `/${command.name} ${option.name}: Discord cannot combine choices with autocomplete.`,
    );
  }
  if (option.choices) {
    if (option.choices.length > commandLimits.choices) {
      throw new CommandDefinitionError(
        `/${command.name} ${option.name}: ${option.choices.length} choices; Discord allows ${commandLimits.choices} (use autocomplete).`,
      );
    }
    return {
      ...base,
      choices: option.choices.map((choice) => ({
        name: truncate(choice.name, 100),
        value: choice.value,
      })),
    };
  }
  return option.autocomplete ? { ...base, autocomplete: true } : base;
}

/** Descriptions are 1–100 characters. */
function describe(text: string): string {
  return truncate(text.trim() || 'No description.', commandLimits.description);
}

/** Discord names: 1–32 lower-case letters, digits, `-` or `_`. */
function checkName(command: string, name: string): void {
  if (!/^[-_\p{Ll}\p{N}]{1,32}$/u.test(name)) {
    throw new CommandDefinitionError(
      `/${command}: "${name}" is not a Discord command or option name (1-32 lower-case letters, digits, - or _).`,
    );
  }
}
