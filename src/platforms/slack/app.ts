import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { App, type CustomRoute, type SocketModeReceiver } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { registerAppHome } from './app-home-listener.js';
import { registerBlockActions } from './block-action-listeners.js';
import { createListenerDeps, type ListenerDepsOptions } from './create-listener-deps.js';
import { registerSlashCommands } from './slash-command-listener.js';
import { registerViewSubmission } from './view-submission-listener.js';
import { boltSettings, logListenerErrors } from './bolt-settings.js';
import { createHttpReceiver } from './http-receiver.js';
import { createWebClient } from './create-web-client.js';
import { slackLogger } from './logger.js';
import { createOwnWorkspace, type OwnWorkspace } from './own-workspace.js';
import { ackOnly, isReplay } from './replay-guard.js';

/** Options for {@link startSlackAdapter}: the listeners' deps and how Slack reaches the app. */
export interface SlackAdapterOptions extends ListenerDepsOptions {
  /** Verifies every HTTP request (`SLACK_SIGNING_SECRET`). Not used in Socket Mode. */
  signingSecret: string;
  /** An app-level token, xapp-… (`SLACK_APP_TOKEN`): Socket Mode instead of HTTP. Default: HTTP. */
  appToken?: string;
  /** The bot's ids until auth.test answers (Bolt's `botId`, `botUserId`). Default: from auth.test. */
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
  /** Whether the bot knows its own workspace (auth.test answered); until then nobody is served. */
  identified(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts the Slack adapter that `npm start` runs: HTTP on `port` (`POST /slack/events` and the
 * custom routes), or Socket Mode when an app token is given.
 */
export async function startSlackAdapter(
  options: SlackAdapterOptions,
): Promise<RunningSlackAdapter> {
  const logger = options.logger.child({ component: 'slack' });
  // auth.test is asked here, retried until it answers, never by Bolt: a failure there is a crash.
  const own = createOwnWorkspace({
    client: createWebClient(options.botToken, {
      slackApiUrl: options.slackApiUrl,
      timeoutMs: 5_000,
      logger,
    }),
    logger,
  });
  const identified = () => own.known() !== undefined;
  const app = createSlackApp(options, own, logger);
  const stop = async () => {
    own.stop();
    await app.stop();
  };
  if (options.appToken !== undefined) {
    await app.start();
    // Bolt keeps its receiver private; the Socket Mode client on it knows whether its socket is open.
    const { receiver } = app as unknown as { receiver: SocketModeReceiver };
    return {
      port: options.customRoutes?.length ? options.port : undefined,
      connected: () => receiver.client.websocket?.isActive() ?? false,
      identified,
      stop,
    };
  }
  const server = await app.start({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
  });
  return { ...runningHttp(server, options.port, stop), identified };
}

/** A running HTTP receiver: its port, and whether its server still listens. */
export function runningHttp(
  server: Server,
  port: number,
  stop: () => Promise<void>,
): Omit<RunningSlackAdapter, 'identified'> {
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
function createSlackApp(options: SlackAdapterOptions, own: OwnWorkspace, logger: Logger): App {
  const socketMode = options.appToken !== undefined;
  const settings = boltSettings(options.slackApiUrl, logger);
  const app = new App({
    // Bolt's own start-up auth.test exits the process when it fails: the ids come from `own`.
    authorize: async () => ({
      botToken: options.botToken,
      botId: own.known()?.botId ?? options.botId,
      botUserId: own.known()?.botUserId ?? options.botUserId,
    }),
    ...(socketMode
      ? { socketMode: true, appToken: options.appToken, port: options.port }
      : {
          receiver: createHttpReceiver({
            signingSecret: options.signingSecret,
            port: options.port,
            customRoutes: options.customRoutes ?? [],
            logger: slackLogger(logger),
          }),
        }),
    customRoutes: options.customRoutes ?? [],
    ...settings,
  });
  logListenerErrors(app, logger);
  const { redis, prefix } = options;
  app.use(async (args) => {
    if (await isReplay(args.context, { redis, prefix }, logger)) return ackOnly(args);
    await args.next();
  });

  const deps = createListenerDeps({ ...options, logger, ownWorkspace: own });
  registerSlashCommands(app, deps);
  registerViewSubmission(app, deps);
  registerBlockActions(app, deps);
  registerAppHome(app, { ...deps, redis: options.redis, prefix: options.prefix }); // #33
  return app;
}
