import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { App, type CustomRoute, type SocketModeReceiver } from '@slack/bolt';
import { registerAppHome } from './app-home-listener.js';
import { registerBlockActions } from './block-action-listeners.js';
import { createListenerDeps, type ListenerDepsOptions } from './create-listener-deps.js';
import { registerSlashCommands } from './slash-command-listener.js';
import { registerViewSubmission } from './view-submission-listener.js';
import { boltSettings, logListenerErrors } from './bolt-settings.js';

/** Options for {@link startSlackAdapter}: the listeners' deps and how Slack reaches the app. */
export interface SlackAdapterOptions extends ListenerDepsOptions {
  /** Verifies every HTTP request (`SLACK_SIGNING_SECRET`). Not used in Socket Mode. */
  signingSecret: string;
  /** An app-level token, xapp-… (`SLACK_APP_TOKEN`): Socket Mode instead of HTTP. Default: HTTP. */
  appToken?: string;
  /** With `botUserId`, spares the start-up auth.test call. Default: Bolt calls auth.test. */
  botId?: string;
  botUserId?: string;
  /** HTTP port: `POST /slack/events` (HTTP mode) and the custom routes. */
  port: number;
  /** Interface to listen on in HTTP mode. Default: every interface. */
  host?: string;
  /** Extra HTTP routes on Slack's server (the install flow's pages). Default: none. */
  customRoutes?: CustomRoute[];
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
