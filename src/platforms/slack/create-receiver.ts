import { HTTPReceiver, SocketModeReceiver, type CustomRoute } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { claimRoute } from './claim-pages.js';
import { webClientOptions } from './create-web-client.js';
import { installOptions, type SlackInstallFlow } from './install-flow.js';
import { slackLogger } from './logger.js';
import { requestSignature, socketDelivery } from './serve-club.js';

/** Options for {@link createReceiver}: how Slack reaches the app. */
export interface ReceiverOptions {
  /** Verifies every HTTP request (`SLACK_SIGNING_SECRET`). Not used in Socket Mode. */
  signingSecret?: string;
  /** An app-level token, xapp-… (`SLACK_APP_TOKEN`): Socket Mode instead of HTTP. */
  appToken?: string;
  /** HTTP port: `POST /slack/events` (HTTP), the install flow and the custom routes. */
  port: number;
  /** Extra HTTP routes (besides the install flow's). Default: none. */
  customRoutes?: CustomRoute[];
  installFlow?: SlackInstallFlow;
  slackApiUrl?: string;
  logger: Logger;
}

/**
 * Bolt's receiver, transport only: HTTP (signature checked, acknowledged first) or Socket Mode,
 * each with the install flow's pages when there is one, and each leaving on the context what
 * tells one delivery from another for the replay guard.
 */
export function createReceiver(options: ReceiverOptions): HTTPReceiver | SocketModeReceiver {
  const { installFlow, logger } = options;
  const install = installFlow ? installOptions(installFlow, options.slackApiUrl, logger) : {};
  const customRoutes = [
    ...(options.customRoutes ?? []),
    ...(installFlow ? [claimRoute(installFlow.claims)] : []),
  ];
  if (options.appToken !== undefined) {
    return new SocketModeReceiver({
      appToken: options.appToken,
      logger: slackLogger(logger),
      customRoutes,
      customPropertiesExtractor: socketDelivery,
      ...install,
      // The socket's apps.connections.open goes to the configured Web API; the port serves pages.
      installerOptions: {
        ...install.installerOptions,
        clientOptions: webClientOptions({ slackApiUrl: options.slackApiUrl, logger }),
        port: options.port,
      },
    });
  }
  if (!options.signingSecret) throw new Error('Slack over HTTP needs SLACK_SIGNING_SECRET');
  return new HTTPReceiver({
    signingSecret: options.signingSecret,
    port: options.port,
    customRoutes,
    logger: slackLogger(logger),
    ...install,
    // Acknowledge first: holding the HTTP answer is for FaaS hosts.
    processBeforeResponse: false,
    customPropertiesExtractor: requestSignature,
  });
}
