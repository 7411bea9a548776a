import type { AccessPolicy } from '../../access/access-policy.js';
import type { AskerPeek } from '../../access/asker.js';
import type { ReadCache } from '../../cache/read-cache.js';
import type { CommandDefinition } from '../../core/command.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { Logger } from '../../log.js';
import type { InteractionState } from './state.js';

/**
 * What the interaction handlers are given: the bot application's parts, and the parts of the club
 * whose server the interaction comes from (its front desk, cache, policy, state and time zone).
 */
export interface AdapterContext {
  /** Interactions for any other application are ignored. */
  applicationId: string;
  dispatcher: Dispatcher;
  registry: readonly CommandDefinition[];
  /** Read without loading: autocomplete never spends the club's budget. */
  cache: Pick<ReadCache, 'peek'>;
  /** Who is asking, from the cache: member-name suggestions only for those who may run the command. */
  peekAsker: AskerPeek;
  policy: AccessPolicy;
  state: InteractionState;
  /** The club's time zone (a form rebuilt to show what was typed). */
  timezone: string;
  logger: Logger;
  /** Told Discord's code when an answer to an interaction is refused (10062…), for metrics. */
  onApiError?: (code: string) => void;
  now: () => Date;
}
