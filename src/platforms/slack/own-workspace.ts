import type { webApi } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { TemporarilyUnavailableError } from '../../errors.js';
import { slackFailureCode } from './errors.js';

/** Who the bot is on Slack, from auth.test: the workspace (and org) a person must belong to. */
export interface OwnIdentity {
  teamId: string;
  /** Set on an Enterprise Grid org. */
  enterpriseId?: string;
  botId?: string;
  botUserId?: string;
}

/** Options for {@link createOwnWorkspace}. */
export interface OwnWorkspaceOptions {
  client: Pick<webApi.WebClient, 'auth'>;
  logger: Logger;
  /** The wait before the first retry after a failed auth.test, doubled each time. Default: 1 s. */
  firstRetryMs?: number;
  /** The longest wait between retries. Default: 60 s. */
  maxRetryMs?: number;
}

/**
 * The bot's own workspace, asked of auth.test at once and again with backoff until Slack answers.
 * Until then nobody can be told apart from a person of another workspace, so identity fails closed.
 */
export interface OwnWorkspace {
  /** The identity if auth.test has answered. */
  known(): OwnIdentity | undefined;
  /** The identity, waiting for the attempt under way; throws {@link TemporarilyUnavailableError}. */
  identity(): Promise<OwnIdentity>;
  /** Stops retrying. */
  stop(): void;
}

export function createOwnWorkspace(options: OwnWorkspaceOptions): OwnWorkspace {
  const firstRetryMs = options.firstRetryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 60_000;
  let known: OwnIdentity | undefined;
  let latest: Promise<OwnIdentity>;
  let delayMs = firstRetryMs;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const attempt = () => {
    latest = options.client.auth.test().then((answer) => {
      if (!answer.team_id) throw new Error('auth.test named no team');
      return {
        teamId: answer.team_id,
        ...(answer.enterprise_id ? { enterpriseId: answer.enterprise_id } : {}),
        ...(answer.bot_id ? { botId: answer.bot_id } : {}),
        ...(answer.user_id ? { botUserId: answer.user_id } : {}),
      };
    });
    latest.then(
      (identity) => {
        known = identity;
        options.logger.info('Slack auth.test answered: the bot knows its own workspace');
      },
      (error: unknown) => {
        options.logger.warn(
          { code: slackFailureCode(error) ?? 'no answer', retryInMs: delayMs },
          'Slack auth.test failed: requests are answered "temporarily unavailable" until it answers',
        );
        if (stopped) return;
        timer = setTimeout(attempt, delayMs);
        timer.unref();
        delayMs = Math.min(delayMs * 2, maxRetryMs);
      },
    );
  };
  attempt();

  return {
    known: () => known,
    async identity() {
      if (known) return known;
      try {
        return await latest;
      } catch (error) {
        throw new TemporarilyUnavailableError({ cause: error });
      }
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A single club's `clubFor`: the club for a request from the bot's own workspace (or org), none
 * for another. Until auth.test answers the club is given, and identity fails closed there: the
 * person hears "temporarily unavailable", never "not set up".
 */
export function ownWorkspaceClub<C>(own: OwnWorkspace, club: C): (teamId: string) => C | undefined {
  return (teamId) => {
    const known = own.known();
    return !known || known.teamId === teamId || known.enterpriseId === teamId ? club : undefined;
  };
}
