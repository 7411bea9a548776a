import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { DeliveryError } from '../../delivery/reply-sink.js';
import { describeError } from '../../errors.js';

/**
 * A failed Discord REST call in the worker's terms. 429 → retry after Discord's Retry-After;
 * 401/403 → permanent (retrying bad credentials blindly earns a temporary ban: 10,000 invalid
 * requests in 10 minutes); 400/404 → permanent (the message or the token is gone, or the body is
 * wrong: sending it again changes nothing); 5xx and network errors → retry. The cause is a
 * summary, not Discord's error, whose URL carries the interaction token.
 */
export function toDeliveryError(error: unknown, what: string): DeliveryError {
  if (error instanceof DeliveryError) return error;
  if (error instanceof RateLimitError) {
    const retryAfterMs = Math.max(error.retryAfter, error.timeToReset, 1_000);
    return new DeliveryError(`Discord rate-limited ${what}; retry in ${retryAfterMs} ms.`, {
      retryAfterMs,
      cause: new Error(`429 ${error.global ? 'global' : error.route}`),
    });
  }
  if (error instanceof DiscordAPIError) {
    const permanent = [400, 401, 403, 404].includes(error.status);
    return new DeliveryError(`Discord answered ${error.status} (code ${error.code}) to ${what}.`, {
      permanent,
      cause: new Error(`${error.status} ${error.code}: ${error.message}`),
    });
  }
  if (error instanceof HTTPError) {
    return new DeliveryError(`Discord answered ${error.status} to ${what}.`, {
      cause: new Error(`${error.status} ${error.name}`),
    });
  }
  const summary = describeError(error);
  return new DeliveryError(`Could not reach Discord for ${what}.`, { cause: new Error(summary) });
}

/**
 * A short code for a Discord REST answer that refused a call, for the platform-errors metric:
 * Discord's JSON error code (`10062` Unknown interaction, `50001` Missing access), `rate_limited`
 * or `http_<status>`. Undefined for any other error (a network failure, a bug): the caller knows
 * which of those it can see.
 */
export function discordFailureCode(error: unknown): string | undefined {
  if (error instanceof RateLimitError) return 'rate_limited';
  if (error instanceof DiscordAPIError)
    return error.code !== 0 && error.code !== '' ? String(error.code) : `http_${error.status}`;
  if (error instanceof HTTPError) return `http_${error.status}`;
  return undefined;
}
