import type { Asker } from '../core/chat-user.js';
import type { CommandDefinition } from '../core/command.js';
import { closestName } from '../club/members/closest-name.js';
import { textReply, type Reply } from '../core/reply.js';
import { unlinkedReason } from '../core/unlinked-reason.js';

/** Pure: the help text of the commands a person may run, and why they are not linked if that is known. */
export function helpReply(
  commands: readonly CommandDefinition[],
  mayRun: (name: string) => boolean,
  asker?: Pick<Asker, 'unlinkedBecause'>,
): Reply {
  const mine = commands.filter((command) => mayRun(command.name));
  const reason = unlinkedReason(asker);
  return {
    title: 'What you can ask the club bot',
    sections: [
      { kind: 'list', items: mine.map((command) => `${usage(command)} — ${command.description}`) },
      ...(reason
        ? [{ kind: 'text' as const, title: 'Not linked to your membership', text: reason }]
        : []),
    ],
    footer: 'Replies with personal details are only ever shown to you.',
    visibility: 'asker',
    personalData: false,
  };
}

/** How a command is typed, e.g. "/session <when>" or "/whoswho [filter]". */
export function usage(command: Pick<CommandDefinition, 'name' | 'options'>): string {
  const options = command.options.map((option) =>
    option.required ? `<${option.name}>` : `[${option.name}]`,
  );
  return [`/${command.name}`, ...options].join(' ');
}

/**
 * Pure: `/help session`: what a command does, its options and real examples, and whether this
 * person may run it. A slip gets the closest command; "/session", "session" and "Session" are one.
 */
export function oneCommandHelp(
  commands: readonly CommandDefinition[],
  typed: string,
  mayRun: (name: string) => boolean,
): Reply {
  const wanted = typed.replace(/^\//, '').trim().toLowerCase().replace(/\s+/g, ' ');
  const [base = '', sub] = wanted.split(' ');
  const twin = sub === 'add' ? 'new' : sub === 'new' ? 'add' : undefined;
  const names = commands.map((command) => command.name);
  const name =
    names.find((candidate) => candidate === wanted) ??
    names.find((candidate) => twin !== undefined && candidate === `${base} ${twin}`);
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    const close = closestName(wanted, names);
    const family = names.filter((candidate) => candidate.startsWith(`${wanted} `));
    const text = close
      ? `There is no /${wanted}. Did you mean /${close}? Try /help ${close}.`
      : family.length > 0
        ? `/${wanted} goes with one more word: ${family.map((n) => `/${n}`).join(', ')}.`
        : `There is no /${wanted}. /help lists the commands you may run.`;
    return textReply(text, { title: `/help ${wanted}`, tone: 'warning' });
  }
  const examples = command.examples ?? [];
  return {
    title: `/${command.name}`,
    sections: [
      { kind: 'text', text: command.description },
      { kind: 'text', text: `Usage: ${usage(command)}` },
      ...(command.options.length > 0
        ? [{ kind: 'list' as const, title: 'Options', items: optionLines(command) }]
        : []),
      ...(examples.length > 0
        ? [{ kind: 'list' as const, title: 'Examples', items: [...examples] }]
        : []),
      ...(mayRun(command.name)
        ? []
        : [{ kind: 'text' as const, text: 'Your roles in the club do not include this one.' }]),
    ],
    visibility: 'asker',
    personalData: false,
  };
}

function optionLines(command: CommandDefinition): string[] {
  return command.options.map((option) => {
    const choices = option.choices
      ? ` (one of: ${option.choices.map((choice) => choice.name).join(', ')})`
      : '';
    return `${option.name}${option.required ? '' : ' (optional)'}: ${option.description}${choices}`;
  });
}

/** The help of one command, for a mistyped option or subcommand. */
export function commandHelpReply(command: CommandDefinition, problem: string): Reply {
  const details = optionLines(command);
  return {
    title: `/${command.name}`,
    sections: [
      { kind: 'text', text: problem },
      { kind: 'text', text: `Usage: ${usage(command)} — ${command.description}` },
      ...(details.length > 0 ? [{ kind: 'list' as const, items: details }] : []),
    ],
    visibility: 'asker',
    personalData: false,
    tone: 'warning',
  };
}
