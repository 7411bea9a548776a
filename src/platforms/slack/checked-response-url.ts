import type { Logger } from '../../log.js';
import { isSlackResponseUrl } from './post-to-response-url.js';

/**
 * A request's response_url if it is Slack's (or the configured `SLACK_API_URL`'s), else nothing:
 * the listeners take it through here before anything posts to it or queues it, so an answer never
 * goes to a host a request names. The reply sink checks again with the same function.
 */
export function checkedResponseUrl(
  url: string | undefined,
  deps: { slackApiUrl?: string; logger: Logger },
): string | undefined {
  if (!url) return undefined;
  if (isSlackResponseUrl(url, deps.slackApiUrl)) return url;
  deps.logger.warn("a request's response_url is not Slack's: it is not used");
  return undefined;
}
