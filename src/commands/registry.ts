import type { CommandDefinition } from './command.js';
import { helpReply } from './help.js';
import { whoswho } from './whoswho.js';

const help = {
  name: 'help',
  description: 'The commands you may run.',
  options: [],
  roles: ['everyone'],
  personalData: false,
  needsClub: false,
  async handle({ mayRun }) {
    return helpReply(registry, mayRun);
  },
} satisfies CommandDefinition;

/**
 * Every command of the bot, in the order /help lists them: an explicit list, not a folder scan.
 * Slack, Discord, the console, /help, the Slack manifest and Discord deployment all read it.
 */
export const registry: readonly CommandDefinition[] = [help, whoswho];

export function findCommand(name: string): CommandDefinition | undefined {
  return registry.find((command) => command.name === name);
}
