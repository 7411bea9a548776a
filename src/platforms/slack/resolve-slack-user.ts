import type { webApi } from '@slack/bolt';
import type { Redis } from 'ioredis';
import { TemporarilyUnavailableError, withinOrUnavailable, describeError } from '../../errors.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { slackFailureCode } from './errors.js';
import { clubKeys } from '../../redis/club-keys.js';
import { z } from 'zod';

/** Options for {@link createSlackUserResolver}. */
export interface SlackUserResolverOptions {
  client: Pick<webApi.WebClient, 'users' | 'auth'>;
  redis: Redis;
  prefix: string;
  /** Seals the cached e-mail. */
  sealer: Sealer;
  logger: Logger;
  /** How long an email is kept. Default: 1 hour. */
  ttlSeconds?: number;
  /** How long a person without an email (or an outsider) is kept. Default: 10 minutes. */
  missingTtlSeconds?: number;
  /** How long Redis may take. Default: 800 ms (a form's acknowledgement waits for it). */
  redisTimeoutMs?: number;
  /** How long users.info may take. Default: 1200 ms. */
  lookupTimeoutMs?: number;
  /** Told the code of a failed users.info call (`missing_scope`…), for metrics. Default: none. */
  onApiError?: (code: string) => void;
  /** The bot's own workspace (auth.test). Default: asked with `client`. */
  ownWorkspace?: OwnWorkspace;
}

/** What Slack tells of a person: their email, and whether they are an outsider. */
export interface SlackIdentity {
  /** The email Slack holds (scope `users:read.email`); never given for an outsider. */
  email?: string;
  /** A guest, an external (Slack Connect) person, or one from another workspace than the app's. */
  outsider: boolean;
}

const slackIdentitySchema = z.object({
  email: z.string().optional(),
  outsider: z.boolean(),
}) satisfies z.ZodType<SlackIdentity>;

/**
 * Who a person is on Slack (users.info), cached in Redis. The core matches the email to a club
 * member's Email to decide their roles; an outsider is never matched. Throws
 * {@link TemporarilyUnavailableError} when neither Redis nor Slack answers in time: without it a
 * coach would be refused as a stranger.
 */
export type SlackUserResolver = (userId: string, teamId?: string) => Promise<SlackIdentity>;

type SlackUser = {
  team_id?: string;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_stranger?: boolean;
  profile?: { email?: string };
};

export function createSlackUserResolver(options: SlackUserResolverOptions): SlackUserResolver {
  const { client, redis, prefix, logger } = options;
  const ttlSeconds = options.ttlSeconds ?? 3_600;
  const missingTtlSeconds = options.missingTtlSeconds ?? 600;
  const redisTimeoutMs = options.redisTimeoutMs ?? 800;
  const lookupTimeoutMs = options.lookupTimeoutMs ?? 1_200;
  // A request or a person from any other workspace than the app's is an outsider; while the
  // app's own is unknown (auth.test failing), nobody can be told apart, so nobody is answered.
  const own = options.ownWorkspace ?? createOwnWorkspace({ client, logger });
  return async (userId, teamId) => {
    const key = clubKeys(prefix).slackPerson(teamId, userId);
    const cached = await withinOrUnavailable(redisTimeoutMs, () => redis.get(key));
    const at = { kind: 'slack-identity' as const, key };
    const known = options.sealer.openJsonOrAbsent(cached, at, slackIdentitySchema);
    if (known !== undefined) return known;
    const [user, ownTeam] = await withinOrUnavailable(lookupTimeoutMs, async () =>
      Promise.all([
        client.users.info({ user: userId }).then((answer) => answer.user as SlackUser | undefined),
        own.identity().then((identity) => identity.teamId),
      ]),
    ).catch((error: unknown) => {
      const code = slackFailureCode(error);
      if (code !== undefined) options.onApiError?.(code);
      logger.warn(
        { userId, err: describeError(error instanceof Error ? (error.cause ?? error) : error) },
        'users.info did not answer',
      );
      throw error instanceof TemporarilyUnavailableError
        ? error
        : new TemporarilyUnavailableError({ cause: error });
    });
    const outsider = Boolean(
      user?.is_restricted ||
      user?.is_ultra_restricted ||
      user?.is_stranger ||
      user?.team_id !== ownTeam ||
      (teamId ?? ownTeam) !== ownTeam,
    );
    const email = outsider ? undefined : user?.profile?.email?.trim() || undefined;
    if (!email && !outsider)
      logger.info({ userId }, 'Slack holds no email for this person (scope users:read.email?)');
    const identity: SlackIdentity = { ...(email ? { email } : {}), outsider };
    // Caching is a saving, not a need: a slow Redis must not fail the command now.
    await withinOrUnavailable(redisTimeoutMs, () =>
      redis.set(
        key,
        options.sealer.sealJson(identity, at),
        'EX',
        email ? ttlSeconds : missingTtlSeconds,
      ),
    ).catch(() => undefined);
    return identity;
  };
}

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
