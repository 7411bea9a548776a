import type { Interaction } from 'discord.js';
import type { AdapterContext } from './adapter-context.js';
import { createInteractionHandler, refuseElsewhere } from './handle-interaction.js';
import type { InteractionState } from './state.js';

/** One club's part of the adapter's context: its front desk, cache, policy, state, time zone. */
export type DiscordClubScope = Pick<
  AdapterContext,
  'dispatcher' | 'cache' | 'peekAsker' | 'policy' | 'state' | 'timezone'
>;

/** Options for {@link createHostedInteractionHandler}. */
export interface HostedInteractionOptions {
  /** What every club shares: the one bot application, the registry, the log. */
  base: Pick<AdapterContext, 'applicationId' | 'registry' | 'logger' | 'onApiError' | 'now'>;
  /** Where refusals outside any club keep their (unused) button state. */
  refusalState: InteractionState;
  /**
   * The club whose server this is; undefined refuses the interaction. The same object for the
   * same club each time, so its handler is made once.
   */
  clubFor(guildId: string): DiscordClubScope | undefined;
}

/**
 * One bot application for many clubs: each interaction goes to the handler of the club whose
 * server it comes from (the registry maps each server to one club); one from a server no club
 * has, or a DM, is refused with no data, as the single club's adapter refuses servers not its own.
 */
export function createHostedInteractionHandler(
  options: HostedInteractionOptions,
): (interaction: Interaction) => Promise<void> {
  const { base } = options;
  const handlers = new WeakMap<DiscordClubScope, Map<string, (i: Interaction) => Promise<void>>>();
  const handlerOf = (scope: DiscordClubScope, guildId: string) => {
    const byGuild = handlers.get(scope) ?? new Map<string, (i: Interaction) => Promise<void>>();
    handlers.set(scope, byGuild);
    let handle = byGuild.get(guildId);
    if (!handle) {
      handle = createInteractionHandler({ ...base, ...scope, guildIds: new Set([guildId]) });
      byGuild.set(guildId, handle);
    }
    return handle;
  };
  return async (interaction) => {
    const guildId = interaction.guildId;
    const scope = guildId ? options.clubFor(guildId) : undefined;
    if (guildId && scope) return handlerOf(scope, guildId)(interaction);
    // Another application's interaction is not ours to answer, even with a refusal.
    if (interaction.applicationId !== base.applicationId) return;
    await refuseElsewhere({ logger: base.logger, state: options.refusalState }, interaction);
  };
}
