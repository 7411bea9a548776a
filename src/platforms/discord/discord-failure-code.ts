import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';

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
