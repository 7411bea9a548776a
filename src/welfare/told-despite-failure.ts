import type { ClubData } from '../core/club-data.js';
import type { WelfareTold } from '../commands/incident/incident-new.js';
import { welfareOfficers } from '../commands/incident/incident-reporter.js';
import type { Logger } from '../log.js';

/**
 * Tells the welfare officers of an incident already filed; when telling fails, the filing still
 * stands, so the person hears it was filed and whom to tell themselves, and the job does not fail.
 * The log names the error's kind only: a message may carry a name.
 */
export async function toldDespiteFailure(
  tell: () => Promise<WelfareTold>,
  data: Pick<ClubData, 'whosWho'>,
  logger?: Logger,
): Promise<WelfareTold> {
  try {
    return await tell();
  } catch (error) {
    const kind = error instanceof Error ? error.name : typeof error;
    logger?.warn({ error: kind }, 'telling the welfare officers of a filed incident failed');
    const tellInstead = await data
      .whosWho()
      .then((whosWho) => welfareOfficers(whosWho.value))
      .catch(() => undefined);
    return { names: [], failed: true, ...(tellInstead ? { tellInstead } : {}) };
  }
}
