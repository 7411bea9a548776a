import type { CommandDefinition } from './command.js';
import { commandHelpReply, helpReply } from './help.js';
import type { Reply } from './reply.js';

export type ParsedCommand =
  | { ok: true; command: CommandDefinition; options: Record<string, string> }
  | { ok: false; reply: Reply };

/**
 * Reads a slash command as Slack and the console give it: `/incident` with text `list open`.
 * The first word picks a subcommand when the registry has one ("incident list"); the options
 * follow in order, the last one with `rest` taking the rest of the text. A mistake gives the
 * command's help.
 */
export function parseCommandText(
  commands: readonly CommandDefinition[],
  slash: string,
  text: string,
): ParsedCommand {
  const base = slash.replace(/^\//, '').trim().toLowerCase();
  const words = text.trim().split(/\s+/).filter(Boolean);
  const sub = words[0]?.toLowerCase();
  const withSub = sub ? commands.find((command) => command.name === `${base} ${sub}`) : undefined;
  const command = withSub ?? commands.find((command) => command.name === base);
  if (!command) {
    const family = commands.filter((candidate) => candidate.name.startsWith(`${base} `));
    if (family.length > 0) {
      const choices = family.map((candidate) => `/${candidate.name}`).join(', ');
      const problem = sub
        ? `"${sub}" is not something /${base} can do.`
        : `/${base} needs one more word.`;
      return {
        ok: false,
        reply: {
          ...helpReply(family, () => true),
          title: `/${base}`,
          sections: [{ kind: 'text', text: `${problem} Try: ${choices}.` }],
          tone: 'warning',
        },
      };
    }
    return { ok: false, reply: helpReply(commands, () => true) };
  }
  return readOptions(command, withSub ? words.slice(1) : words);
}

/** Checks options given by name (Discord, buttons) against the command's declaration. */
export function checkOptions(
  command: CommandDefinition,
  given: Record<string, string>,
): ParsedCommand {
  const unknown = Object.keys(given).filter(
    (name) => !command.options.some((option) => option.name === name),
  );
  if (unknown.length > 0) {
    return {
      ok: false,
      reply: commandHelpReply(command, `/${command.name} has no option "${unknown[0]}".`),
    };
  }
  const options: Record<string, string> = {};
  for (const option of command.options) {
    const value = given[option.name]?.trim() ?? '';
    const checked = checkValue(command, option.name, value);
    if (!checked.ok) return checked;
    if (checked.value !== '') options[option.name] = checked.value;
  }
  return { ok: true, command, options };
}

function readOptions(command: CommandDefinition, words: string[]): ParsedCommand {
  const given: Record<string, string> = {};
  let index = 0;
  for (const option of command.options) {
    if (index >= words.length) break;
    if (option.rest) {
      given[option.name] = words.slice(index).join(' ');
      index = words.length;
    } else {
      given[option.name] = words[index] ?? '';
      index += 1;
    }
  }
  if (index < words.length) {
    const extra = words.slice(index).join(' ');
    return {
      ok: false,
      reply: commandHelpReply(command, `/${command.name} did not expect "${extra}".`),
    };
  }
  return checkOptions(command, given);
}

function checkValue(
  command: CommandDefinition,
  name: string,
  value: string,
): { ok: true; value: string } | { ok: false; reply: Reply } {
  const option = command.options.find((candidate) => candidate.name === name);
  if (!option) return { ok: true, value };
  if (value === '') {
    return option.required
      ? {
          ok: false,
          reply: commandHelpReply(
            command,
            `/${command.name} needs ${option.name}: ${option.description}.`,
          ),
        }
      : { ok: true, value };
  }
  if (value.length > 200) {
    return {
      ok: false,
      reply: commandHelpReply(
        command,
        `That ${option.name} is too long (${value.length} characters).`,
      ),
    };
  }
  if (!option.choices) return { ok: true, value };
  const choice = findChoice(option.choices, value);
  return choice
    ? { ok: true, value: choice.value }
    : {
        ok: false,
        reply: commandHelpReply(
          command,
          `"${value}" is not a ${option.name} /${command.name} knows.`,
        ),
      };
}

/**
 * The choice a person meant: an exact name or value (any case), else the one choice that starts
 * with what they typed, so "tue" and "Tues" are Tuesday and "open" is Open.
 */
function findChoice(
  choices: readonly { name: string; value: string }[],
  typed: string,
): { name: string; value: string } | undefined {
  const wanted = typed.toLowerCase();
  const exact = choices.find(
    (c) => c.value.toLowerCase() === wanted || c.name.toLowerCase() === wanted,
  );
  if (exact || wanted.length < 2) return exact;
  const starting = choices.filter(
    (c) => c.name.toLowerCase().startsWith(wanted) || c.value.toLowerCase().startsWith(wanted),
  );
  return starting.length === 1 ? starting[0] : undefined;
}
