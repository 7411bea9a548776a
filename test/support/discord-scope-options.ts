import type { ClubScope } from '../../src/hosting/club-scope.js';

/** What the single-server Discord adapter reads of a club's scope. */
export function discordScopeOptions(scope: ClubScope) {
  const { redis, prefix, sealer, cache, peekAsker, policy } = scope;
  return { redis, prefix, sealer, cache, peekAsker, policy };
}
