import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { App, type CustomRoute, type SocketModeReceiver } from '@slack/bolt';
import type { Redis } from 'ioredis';
import type { CommandDefinition } from '../../commands/command.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { registerAppHome } from './app-home-listener.js';
import { registerBlockActions } from './block-action-listeners.js';
import { createListenerDeps } from './create-listener-deps.js';
import { registerSlashCommands } from './slash-command-listener.js';
import { registerViewSubmission } from './view-submission-listener.js';
import { boltSettings, logListenerErrors } from './bolt-settings.js';

/** Options for {@link startSlackAdapter}. */
export interface SlackAdapterOptions {
  /** Verifies every HTTP request (`SLACK_SIGNING_SECRET`). Not used in Socket Mode. */
  signingSecret: string;
  /** The bot token, xoxb-… (`SLACK_BOT_TOKEN`). */
  botToken: string;
  /** An app-level token, xapp-… (`SLACK_APP_TOKEN`): Socket Mode instead of HTTP. Default: HTTP. */
  appToken?: string;
  /** The Web API base (`SLACK_API_URL`); tests point it at a fake. Default: Slack's. */
  slackApiUrl?: string;
  /** With `botUserId`, spares the start-up auth.test call. Default: Bolt calls auth.test. */
  botId?: string;
  botUserId?: string;
  /** HTTP port: `POST /slack/events` (HTTP mode) and the custom routes. */
  port: number;
  /** Interface to listen on in HTTP mode. Default: every interface. */
  host?: string;
  /** Extra HTTP routes on Slack's server (the install flow's pages). Default: none. */
  customRoutes?: CustomRoute[];
  dispatcher: Dispatcher;
  /** The commands to offer as slash commands. Default: the bot's registry. */
  registry?: readonly CommandDefinition[];
  /** Redis shared with the worker: cached emails, response_url counts, button state. */
  redis: Redis;
  /** Key prefix shared with the worker's Slack reply sink. */
  prefix: string;
  /** Seals the state kept in Redis (replies, typed values, e-mails). */
  sealer: Sealer;
  logger: Logger;
  now?: () => number;
  /**
   * When a form submission is acknowledged whatever its work has reached (Slack allows 3 s, and
   * shows a form's errors only in the acknowledgement). Default: 2500 ms.
   */
  formAckDeadlineMs?: number;
  /** How long a queued command's answer may take before "Working on it…" is shown. Default: 1500 ms. */
  slowNoticeMs?: number;
  /**
   * Told the code of each Web API call the adapter makes that fails (users.info, views.open,
   * button answers), for the platform-errors metric. Default: none.
   */
  onApiError?: (code: string) => void;
}

/** A running Slack adapter. */
export interface RunningSlackAdapter {
  /** The HTTP port listened on (useful with `port: 0`); undefined in Socket Mode without routes. */
  port: number | undefined;
  /** Whether Slack can reach the bot now: the HTTP server listens, or Socket Mode's socket is open. */
  connected(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts the Slack adapter that `npm start` runs: HTTP on `port` (`POST /slack/events` and the
 * custom routes), or Socket Mode when an app token is given.
 */
export async function startSlackAdapter(
  options: SlackAdapterOptions,
): Promise<RunningSlackAdapter> {
  const app = createSlackApp(options);
  const stop = async () => {
    await app.stop();
  };
  if (options.appToken !== undefined) {
    await app.start();
    // Bolt keeps its receiver private; the Socket Mode client on it knows whether its socket is open.
    const { receiver } = app as unknown as { receiver: SocketModeReceiver };
    return {
      port: options.customRoutes?.length ? options.port : undefined,
      connected: () => receiver.client.websocket?.isActive() ?? false,
      stop,
    };
  }
  const server = await app.start({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
  });
  return runningHttp(server, options.port, stop);
}

/** A running HTTP receiver: its port, and whether its server still listens. */
export function runningHttp(
  server: Server,
  port: number,
  stop: () => Promise<void>,
): RunningSlackAdapter {
  const address = server.address() as AddressInfo | string | null;
  return {
    port: typeof address === 'object' && address ? address.port : port,
    connected: () => server.listening,
    stop,
  };
}

/**
 * The Bolt app: a receiver that verifies and acknowledges (HTTP, or Socket Mode with an app
 * token), and listeners that map Slack's payloads to the dispatcher. No club data is read here.
 */
function createSlackApp(options: SlackAdapterOptions): App {
  const logger = options.logger.child({ component: 'slack' });
  const socketMode = options.appToken !== undefined;
  const app = new App({
    token: options.botToken,
    ...(options.botId && options.botUserId
      ? { botId: options.botId, botUserId: options.botUserId }
      : {}),
    ...(socketMode
      ? { socketMode: true, appToken: options.appToken }
      : { signingSecret: options.signingSecret }),
    port: options.port,
    customRoutes: options.customRoutes ?? [],
    ...boltSettings(options.slackApiUrl, logger),
  });
  logListenerErrors(app, logger);

  const deps = createListenerDeps({ ...options, logger });
  registerSlashCommands(app, deps);
  registerViewSubmission(app, deps);
  registerBlockActions(app, deps);
  registerAppHome(app, { ...deps, redis: options.redis, prefix: options.prefix }); // #33
  return app;
}
