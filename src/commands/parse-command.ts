import type { CommandDefinition } from '../core/command.js';
import { closestName } from '../club/members/closest-name.js';
import { findChoice } from '../core/find-choice.js';
import { commandHelpReply } from './help.js';
import { textReply, type Reply } from '../core/reply.js';

export type ParsedCommand =
  | { ok: true; command: CommandDefinition; options: Record<string, string> }
  | { ok: false; reply: Reply };

/** "add" and "new" mean the same wherever one of them is a subcommand. */
const sameVerb: Readonly<Record<string, string>> = { add: 'new', new: 'add' };

/** The subcommand `base sub` of the registry, or its twin verb (/waitinglist new is add). */
function findSubcommand(
  commands: readonly CommandDefinition[],
  base: string,
  sub: string,
): CommandDefinition | undefined {
  const twin = Object.hasOwn(sameVerb, sub) ? sameVerb[sub] : undefined;
  return (
    commands.find((command) => command.name === `${base} ${sub}`) ??
    (twin ? commands.find((command) => command.name === `${base} ${twin}`) : undefined)
  );
}

/**
 * Reads a slash command as Slack and the console give it: `/incident` with text `list open`.
 * The first word picks a subcommand when the registry has one ("incident list"); the options
 * follow in order, the last one with `rest` taking the rest of the text. A mistake gives the
 * command's help, or the closest command ("did you mean /whoswho?").
 */
export function parseCommandText(
  commands: readonly CommandDefinition[],
  slash: string,
  text: string,
): ParsedCommand {
  const base = slash.replace(/^\//, '').trim().toLowerCase();
  const words = text.trim().split(/\s+/).filter(Boolean);
  const sub = words[0]?.toLowerCase();
  const withSub = sub ? findSubcommand(commands, base, sub) : undefined;
  const command = withSub ?? commands.find((command) => command.name === base);
  if (!command) return { ok: false, reply: unknownCommandReply(commands, base, sub) };
  const parsed = readOptions(command, withSub ? words.slice(1) : words);
  const slip = !parsed.ok && !withSub && sub ? closestSubcommand(commands, base, sub) : undefined;
  return slip ? { ok: false, reply: didYouMean(`/${base} ${sub ?? ''}`, slip) } : parsed;
}

/** "/waitinglist ad" → "waitinglist add": a slip in a subcommand of a command that also runs alone. */
function closestSubcommand(
  commands: readonly CommandDefinition[],
  base: string,
  sub: string,
): string | undefined {
  const family = commands.filter((command) => command.name.startsWith(`${base} `));
  const subs = family.map((command) => command.name.slice(base.length + 1));
  const close = closestName(sub, subs);
  return close && `${base} ${close}`;
}

/** Not a command: the closest one if it is a slip, what the command can do, or where to look. */
function unknownCommandReply(
  commands: readonly CommandDefinition[],
  base: string,
  sub: string | undefined,
): Reply {
  const family = commands.filter((command) => command.name.startsWith(`${base} `));
  if (family.length > 0) {
    const slip = sub ? closestSubcommand(commands, base, sub) : undefined;
    if (slip) return didYouMean(`/${base} ${sub}`, slip);
    const choices = family.map((command) => `/${command.name}`).join(', ');
    const problem = sub
      ? `"${sub}" is not something /${base} can do.`
      : `/${base} needs one more word.`;
    return textReply(`${problem} Try: ${choices}.`, { title: `/${base}`, tone: 'warning' });
  }
  const names = [...new Set(commands.map((command) => command.name.split(' ')[0] ?? ''))];
  const slip = closestName(base, names);
  if (slip) return didYouMean(`/${base}`, slip);
  return textReply(`/${base} is not a command. /help lists the ones you may run.`, {
    title: 'Not a command',
    tone: 'warning',
  });
}

function didYouMean(typed: string, meant: string): Reply {
  return textReply(`${typed.trim()} is not a command. Did you mean /${meant}?`, {
    title: 'Not a command',
    tone: 'warning',
  });
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
