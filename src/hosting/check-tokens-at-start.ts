import { adminCommandLine } from '../cli/admin-program.js';
import { ClubUnauthorisedError } from '../club/club-errors.js';
import type { Logger } from '../log.js';
import { checkClubToken, type TokenCheck } from './check-club-token.js';
import type { ClubDirectory } from './club-directory.js';

/** Tokens checked at once: a deployment of many clubs asks a few services at a time. */
const atOnce = 8;

/** Options for {@link checkTokensAtStart}. */
export interface TokensAtStartOptions {
  logger: Logger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A worker's start: every club's token is asked once of its service (its roles, past the cache
 * and the budget), from the club's settings alone, so no club's scope is built just to check it.
 * A refused token is logged as an error naming the club and what to do; the process starts all
 * the same while some club's token is good, since one club's revoked token must not stop every
 * other club's answers. Resolves the ids whose token was refused.
 */
export async function checkTokensAtStart(
  directory: Pick<ClubDirectory, 'ids' | 'settingsOf'>,
  options: TokensAtStartOptions,
): Promise<string[]> {
  const { logger } = options;
  const ids = [...directory.ids()];
  const refused: string[] = [];
  for (let start = 0; start < ids.length; start += atOnce) {
    const batch = ids.slice(start, start + atOnce);
    const checks = await Promise.all(batch.map((id) => checkOne(directory, id, options)));
    for (const [index, check] of checks.entries()) {
      const id = batch[index] ?? '';
      if (check?.kind === 'refused') {
        refused.push(id);
        logger.error(
          { club: id },
          refusedMessage(id, directory.settingsOf(id)?.record === undefined),
        );
      } else if (check?.kind === 'unreachable') {
        logger.warn({ club: id, err: check.reason }, 'could not check the API token at start');
      }
    }
  }
  return refused;
}

function checkOne(
  directory: Pick<ClubDirectory, 'settingsOf'>,
  id: string,
  options: TokensAtStartOptions,
): Promise<TokenCheck | undefined> {
  const settings = directory.settingsOf(id);
  if (!settings) return Promise.resolve(undefined);
  return checkClubToken(settings.apiUrl, settings.token, settings.layout, options);
}

/** What to do about a refused token: the environment's club names CLUB_API_TOKEN, others the CLI. */
export function refusedMessage(id: string, fromEnvironment: boolean): string {
  if (fromEnvironment) return new ClubUnauthorisedError('').message;
  return `The club service of "${id}" rejected its API token (401): its commands fail until it is reset there and set here with ${adminCommandLine(`club set ${id} token <new token>`)}.`;
}
