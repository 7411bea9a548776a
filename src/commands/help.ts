import type { Asker } from './chat-user.js';
import type { CommandDefinition } from './command.js';
import type { Reply } from './reply.js';
import { unlinkedReason } from './unlinked-reason.js';

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

/** The help of one command, for a mistyped option or subcommand. */
export function commandHelpReply(command: CommandDefinition, problem: string): Reply {
  const details = command.options.map((option) => {
    const choices = option.choices
      ? ` (one of: ${option.choices.map((choice) => choice.name).join(', ')})`
      : '';
    return `${option.name}: ${option.description}${choices}`;
  });
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
