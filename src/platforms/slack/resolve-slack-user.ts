import type { webApi } from '@slack/bolt';
import type { Redis } from 'ioredis';
import {
  TemporarilyUnavailableError,
  withinOrUnavailable,
} from '../../dispatch/temporarily-unavailable-error.js';
import type { Logger } from '../../log.js';
import { slackFailureCode } from './errors.js';

/** Options for {@link createSlackUserResolver}. */
export interface SlackUserResolverOptions {
  client: Pick<webApi.WebClient, 'users'>;
  redis: Redis;
  prefix: string;
  logger: Logger;
  /** How long an email is kept. Default: 1 hour. */
  ttlSeconds?: number;
  /** How long "Slack holds no email for this person" is kept. Default: 10 minutes. */
  missingTtlSeconds?: number;
  /** How long Redis may take. Default: 800 ms (a form's acknowledgement waits for it). */
  redisTimeoutMs?: number;
  /** How long users.info may take. Default: 1200 ms. */
  lookupTimeoutMs?: number;
  /** Told the code of a failed users.info call (`missing_scope`…), for metrics. Default: none. */
  onApiError?: (code: string) => void;
}

/**
 * The email Slack holds for a person (users.info, scope `users:read.email`), cached in Redis. The
 * core matches it to a club member's Email to decide their roles and to name the reporter of an
 * incident. Throws {@link TemporarilyUnavailableError} when neither Redis nor Slack answers in
 * time: without it a coach would be refused as a stranger.
 */
export type SlackUserResolver = (userId: string, teamId?: string) => Promise<string | undefined>;

export function createSlackUserResolver(options: SlackUserResolverOptions): SlackUserResolver {
  const { client, redis, prefix, logger } = options;
  const ttlSeconds = options.ttlSeconds ?? 3_600;
  const missingTtlSeconds = options.missingTtlSeconds ?? 600;
  const redisTimeoutMs = options.redisTimeoutMs ?? 800;
  const lookupTimeoutMs = options.lookupTimeoutMs ?? 1_200;
  return async (userId, teamId) => {
    const key = `${prefix}:slack:email:${teamId ?? '-'}:${userId}`;
    // '' is kept for "Slack holds no email for this person".
    const cached = await withinOrUnavailable(redisTimeoutMs, () => redis.get(key));
    if (cached !== null) return cached === '' ? undefined : cached;
    const email = await withinOrUnavailable(lookupTimeoutMs, async () => {
      const answer = await client.users.info({ user: userId });
      return answer.user?.profile?.email?.trim() || undefined;
    }).catch((error: unknown) => {
      const code = slackFailureCode(error);
      if (code !== undefined) options.onApiError?.(code);
      logger.warn(
        { userId, err: error instanceof Error ? (error.cause ?? error).toString() : String(error) },
        'users.info did not answer',
      );
      throw error instanceof TemporarilyUnavailableError
        ? error
        : new TemporarilyUnavailableError({ cause: error });
    });
    if (!email)
      logger.info({ userId }, 'Slack holds no email for this person (scope users:read.email?)');
    // Caching is a saving, not a need: a slow Redis must not fail the command now.
    await withinOrUnavailable(redisTimeoutMs, () =>
      redis.set(key, email ?? '', 'EX', email ? ttlSeconds : missingTtlSeconds),
    ).catch(() => undefined);
    return email;
  };
}
