import type { App, AppOptions } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { webClientOptions } from './create-web-client.js';
import { slackLogger } from './logger.js';

/** The settings every Bolt app of the bot shares, one club's or a hosting deployment's. */
export function boltSettings(slackApiUrl: string | undefined, logger: Logger): AppOptions {
  return {
    // Acknowledge first, work after: holding the HTTP answer is for FaaS hosts.
    processBeforeResponse: false,
    // No listener keeps conversation state.
    convoStore: false,
    clientOptions: webClientOptions({ slackApiUrl, logger }),
    logger: slackLogger(logger),
  };
}

/** Logs a listener's unhandled error by its name and message, never its payload. */
export function logListenerErrors(app: App, logger: Logger): void {
  app.error(async (error) => {
    logger.error({ err: `${error.name}: ${error.message}` }, 'unhandled Slack listener error');
  });
}
