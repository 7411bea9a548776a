import { checkTokenAtStart } from '../app/check-token-at-start.js';
import { adminCommandLine } from '../cli/admin-program.js';
import type { Logger } from '../log.js';
import type { ClubDirectory } from './club-directory.js';

/**
 * A hosting worker's start: every club's token checked once ({@link checkTokenAtStart}). A refused
 * one is logged as an error naming the club; the process still starts, since one club's revoked
 * token must not stop every other club's answers (its `/readyz` part names the club meanwhile).
 * Resolves the ids of the clubs whose token was refused.
 */
export async function checkHostedTokens(
  directory: Pick<ClubDirectory, 'ids' | 'club'>,
  logger: Logger,
): Promise<string[]> {
  const checked = await Promise.all(
    directory.ids().map(async (id) => {
      const club = directory.club(id);
      return { id, token: club ? await checkTokenAtStart(club.services) : undefined };
    }),
  );
  const refused: string[] = [];
  for (const { id, token } of checked) {
    if (token?.kind === 'refused') {
      refused.push(id);
      logger.error(
        { club: id },
        `The club service of "${id}" rejected its API token (401): its commands fail until it is reset there and set here with ${adminCommandLine(`club set ${id} token <new token>`)}.`,
      );
    } else if (token?.kind === 'unchecked') {
      logger.warn({ club: id, err: token.reason }, 'could not check the API token at start');
    }
  }
  return refused;
}
