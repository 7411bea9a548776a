import type { AutocompleteInteraction } from 'discord.js';
import { mayRun } from '../../access/access-policy.js';
import { clubToday } from '../../club/time/club-time.js';
import type { AdapterContext } from './adapter-context.js';
import { beforeDeadline, firstResponseDeadlineMs } from './answer-interaction.js';
import { autocompleteChoices } from './autocomplete.js';
import { registryCommandName } from './command-definitions.js';
import { chatUserOf, commandNameOf } from './map-request.js';

/**
 * Suggestions while an option is typed, from the cache only (never a club call). Member names are
 * suggested only to someone the cache shows may run the command: a name list is personal data.
 */
export async function handleAutocomplete(
  context: AdapterContext,
  interaction: AutocompleteInteraction,
): Promise<void> {
  const name = registryCommandName(context.registry, commandNameOf(interaction));
  const command = context.registry.find((candidate) => candidate.name === name);
  const focused = interaction.options.getFocused(true);
  const kind = command?.options.find((option) => option.name === focused.name)?.autocomplete;
  if (!command || !kind) return interaction.respond([]);
  const suggest = async () => {
    if (kind === 'members' || kind === 'linkable-members') {
      const asker = await context.peekAsker(chatUserOf(interaction));
      if (!asker || !mayRun(asker, command, context.policy)) return [];
    }
    return autocompleteChoices(
      kind,
      String(focused.value),
      context.cache,
      clubToday(context.now(), context.timezone),
    );
  };
  // A slow Redis suggests nothing rather than letting Discord's 3 s run out.
  const choices = await beforeDeadline(firstResponseDeadlineMs, suggest).catch(() => []);
  return interaction.respond(choices);
}
