import { collections, pathInLayout } from '../club/collections.js';
import type { ClubApiLayoutSetting } from '../club/club-layout.js';
import { describeError } from '../errors.js';

/** What one call with a token said: accepted, refused (401), or no answer to judge by. */
export type TokenCheck =
  | { kind: 'accepted'; status: number }
  | { kind: 'refused' }
  | { kind: 'unreachable'; reason: string };

/**
 * Asks the club's service for its roles once with the token, so `npm run club -- add` refuses a
 * token the service answers 401 to. Any other answer (even a 404 from the other layout, or a 403
 * for a spent budget) says nothing against the token.
 */
export async function checkClubToken(
  apiUrl: string,
  token: string,
  layout: ClubApiLayoutSetting,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<TokenCheck> {
  const url = `${apiUrl}${pathInLayout(collections.roles, layout === 'bare' ? 'bare' : 'spec')}`;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      headers: { 'Authorization-Token': token, Accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer();
    return response.status === 401
      ? { kind: 'refused' }
      : { kind: 'accepted', status: response.status };
  } catch (error) {
    return { kind: 'unreachable', reason: describeError(error) };
  }
}
