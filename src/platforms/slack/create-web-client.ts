import { webApi } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { slackLogger } from './logger.js';

/** Options for {@link webClientOptions}. */
export interface WebClientSettings {
  /** The Web API base, ending in `/`; tests point it at a fake. Default: Slack's. */
  slackApiUrl?: string;
  /** How long one call may take. Default: 10 s. */
  timeoutMs?: number;
  logger: Logger;
}

/**
 * How the bot talks to the Web API: no retries inside the client (the default retries for half an
 * hour, holding a listener or a job), and a 429 rejected at once with its Retry-After, so the
 * worker can wait for it without holding anything.
 */
export function webClientOptions(settings: WebClientSettings): webApi.WebClientOptions {
  return {
    ...(settings.slackApiUrl ? { slackApiUrl: withSlash(settings.slackApiUrl) } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: settings.timeoutMs ?? 10_000,
    logger: slackLogger(settings.logger),
  };
}

export function createWebClient(botToken: string, settings: WebClientSettings): webApi.WebClient {
  return new webApi.WebClient(botToken, webClientOptions(settings));
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
