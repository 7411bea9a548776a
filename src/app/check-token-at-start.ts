import { ClubUnauthorisedError } from '../club/club-errors.js';
import { describeError } from '../errors.js';
import type { ClubServices } from './club-services.js';

/** What the one call at a worker's start said of the club's API token. */
export type TokenAtStart =
  | { kind: 'accepted' }
  | { kind: 'refused'; message: string }
  /** No answer to judge by (the service is down, the budget is spent): the worker starts and waits. */
  | { kind: 'unchecked'; reason: string };

/**
 * Asks the club service for its roles once with the club's token, past the cache: a warm cache
 * would otherwise hide a revoked token until the first uncached read. The call counts against the
 * day's budget like any other (one per start, per club). Both start paths use it.
 */
export async function checkTokenAtStart(
  services: Pick<ClubServices, 'apiFor'>,
): Promise<TokenAtStart> {
  try {
    await services.apiFor('interactive').listRoles();
    return { kind: 'accepted' };
  } catch (error) {
    if (error instanceof ClubUnauthorisedError) return { kind: 'refused', message: error.message };
    return { kind: 'unchecked', reason: describeError(error) };
  }
}
