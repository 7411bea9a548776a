import { webApi } from '@slack/bolt';
import { DeliveryError } from '../../delivery/reply-sink.js';
import { describeError } from '../../errors.js';

/** The Web API's error code (`channel_not_found`), or undefined when the error is not Slack's answer. */
export function slackErrorCode(error: unknown): string | undefined {
  if (error instanceof Error && 'code' in error && error.code === webApi.ErrorCode.PlatformError) {
    const data = (error as { data?: { error?: unknown } }).data;
    return typeof data?.error === 'string' ? data.error : undefined;
  }
  return undefined;
}

/** Slack answers that retrying the same call cannot change. */
const permanentCodes = new Set([
  'channel_not_found',
  'not_in_channel',
  'user_not_in_channel',
  'user_not_found',
  'is_archived',
  'restricted_action',
  'cannot_dm_bot',
  'messages_tab_disabled',
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'missing_scope',
  'invalid_blocks',
  'invalid_arguments',
  'msg_too_long',
  'no_text',
  'too_many_attachments',
]);

/** Options for {@link deliveryErrorFrom}. */
export interface RetryBounds {
  /** Longest wait honoured from a Retry-After. Default: 5 minutes. */
  maxRetryAfterMs?: number;
}

/**
 * The one place a Web API failure becomes the worker's {@link DeliveryError}: a 429 waits for its
 * Retry-After (bounded), a definite refusal (4xx, `channel_not_found`…) is permanent, the rest
 * (network, 5xx, `internal_error`) is retried.
 */
export function deliveryErrorFrom(error: unknown, bounds: RetryBounds = {}): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === webApi.ErrorCode.RateLimitedError) {
    const seconds = Number((error as { retryAfter?: unknown }).retryAfter);
    const wanted = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1_000;
    const retryAfterMs = Math.min(Math.max(wanted, 1_000), bounds.maxRetryAfterMs ?? 300_000);
    return new DeliveryError(`Slack rate limited the reply; retry in ${retryAfterMs} ms`, {
      retryAfterMs,
      cause: error,
    });
  }
  const slackCode = slackErrorCode(error);
  if (slackCode !== undefined) {
    return new DeliveryError(`Slack refused the reply: ${slackCode}`, {
      permanent: permanentCodes.has(slackCode),
      cause: error,
    });
  }
  if (code === webApi.ErrorCode.HTTPError) {
    const status = Number((error as { statusCode?: unknown }).statusCode);
    return new DeliveryError(`Slack answered HTTP ${status}`, {
      permanent: status >= 400 && status < 500 && status !== 408,
      cause: error,
    });
  }
  const message = describeError(error);
  return new DeliveryError(`The reply could not be sent to Slack: ${message}`, { cause: error });
}

/**
 * A short code for a failed Web API call, for the platform-errors metric: Slack's own error
 * (`channel_not_found`, `missing_scope`), `rate_limited`, `http_<status>` or `unreachable`. The
 * Web API's error may be the cause of ours (a DeliveryError, "temporarily unavailable").
 * Undefined when no Web API error is there (Redis, a timeout, a bug): that is no Slack error.
 */
export function slackFailureCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    if (code === webApi.ErrorCode.RateLimitedError) return 'rate_limited';
    if (code === webApi.ErrorCode.PlatformError) return slackErrorCode(current) ?? 'platform_error';
    if (code === webApi.ErrorCode.HTTPError)
      return `http_${String((current as { statusCode?: unknown }).statusCode)}`;
    if (code === webApi.ErrorCode.RequestError) return 'unreachable';
    current = current.cause;
  }
  return undefined;
}
