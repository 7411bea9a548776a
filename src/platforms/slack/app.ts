import { App, HTTPReceiver, type CustomRoute, type Authorize, type webApi } from '@slack/bolt';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { ReplySink } from '../../delivery/reply-sink.js';
import { connectionPart, type HealthPart } from '../../ops/health-part.js';
import type { RunningPlatform } from '../running-platform.js';
import { registry as defaultRegistry } from '../../commands/registry.js';
import { registerAppHome } from './app-home-listener.js';
import { registerBlockActions } from './block-action-listeners.js';
import { boltSettings, logListenerErrors } from './bolt-settings.js';
import {
  createListenerDeps,
  type ListenerSettings,
  type WorkspacePart,
} from './create-listener-deps.js';
import { createReceiver } from './create-receiver.js';
import { forgetOnUninstall } from './forget-on-uninstall.js';
import type { SlackInstallFlow } from './install-flow.js';
import type { ListenerDeps, SlackContext } from './listener-deps.js';
import { type OwnWorkspace, createOwnWorkspace } from './resolve-slack-user.js';
import { createSlackReplySink, type SlackClubState, type SlackTokens } from './reply-sink.js';
import { registerSlashCommands } from './slash-command-listener.js';
import { registerViewSubmission } from './view-submission-listener.js';
import type { Logger } from '../../log.js';
import { serveClub } from './serve-club.js';
import { createWebClient } from './create-web-client.js';

/** A club as the Slack adapter needs it: where its state lives. */
export type SlackClub = SlackClubState;

/** Options for {@link startSlackAdapter}. */
export interface SlackAdapterOptions<C extends SlackClub> extends ListenerSettings {
  /** Verifies every HTTP request (`SLACK_SIGNING_SECRET`). Not needed in Socket Mode. */
  signingSecret?: string;
  /** An app-level token, xapp-… (`SLACK_APP_TOKEN`): Socket Mode instead of HTTP. Default: HTTP. */
  appToken?: string;
  /** HTTP port: `POST /slack/events` (HTTP), the install flow's pages and the custom routes. */
  port: number;
  /** Interface to listen on over HTTP. Default: every interface. */
  host?: string;
  /** Extra HTTP routes on Slack's server. Default: none. */
  customRoutes?: CustomRoute[];
  /** One workspace: its bot token (`SLACK_BOT_TOKEN`). Unused with `installFlow`. */
  botToken?: string;
  /** The one workspace's bot ids until auth.test answers (Bolt's `botId`, `botUserId`). */
  botId?: string;
  botUserId?: string;
  /** The one workspace's identity (auth.test), when the caller shares it. Default: asked here. */
  ownWorkspace?: OwnWorkspace;
  /** Many workspaces: Slack's install flow, each workspace's token in the installation store. */
  installFlow?: SlackInstallFlow;
  /** The club whose workspace this is; undefined: the workspace is told it is not set up. */
  clubFor(teamId: string): C | undefined;
  dispatcherOf(club: C): Dispatcher;
}

/** The running Slack adapter. */
export interface RunningSlack<C> extends RunningPlatform<C> {
  /** The HTTP port listened on (useful with `port: 0`); undefined in Socket Mode. */
  readonly port: number | undefined;
}

/**
 * The one Slack adapter, for one workspace (`botToken`) or many (`installFlow`), over HTTP or
 * Socket Mode. Each request's token is found as Bolt's `authorize` finds it, its club by
 * `clubFor(teamId)`, and the club's listener deps travel on Bolt's typed context.
 */
export async function startSlackAdapter<C extends SlackClub>(
  options: SlackAdapterOptions<C>,
): Promise<RunningSlack<C>> {
  const logger = options.logger.child({ component: 'slack' });
  const { installFlow, slackApiUrl } = options;
  const botToken = installFlow ? undefined : options.botToken;
  const store = installFlow?.installationStore;
  const tokens: SlackTokens = installFlow
    ? { tokenFor: async (teamId) => (teamId ? store?.teamToken(teamId) : undefined) }
    : { botToken: botToken ?? '' };
  if (!installFlow && !botToken) throw new Error('Slack needs SLACK_BOT_TOKEN or the install flow');
  const workspaces = createWorkspaces({ ...options, botToken, logger });
  const sinks = new WeakMap<C, ReplySink>();
  const sinkFor = (club: C): ReplySink => {
    const sink =
      sinks.get(club) ??
      createSlackReplySink({
        ...tokens,
        ...club,
        slackApiUrl,
        logger,
        onApiError: options.onApiError,
        now: options.now,
      });
    sinks.set(club, sink);
    return sink;
  };
  const made = new WeakMap<C, Map<string, ListenerDeps>>();
  const depsFor = (teamId: string, token: string): ListenerDeps | undefined => {
    const club = options.clubFor(teamId);
    if (!club) return undefined;
    const byToken = made.get(club) ?? new Map<string, ListenerDeps>();
    made.set(club, byToken);
    let deps = byToken.get(token);
    if (!deps) {
      const part = {
        ...club,
        dispatcher: options.dispatcherOf(club),
        sink: sinkFor(club),
      };
      deps = createListenerDeps({ ...options, logger }, part, workspaces.of(token));
      byToken.set(token, deps);
    }
    return deps;
  };

  const receiver = createReceiver({ ...options, logger });
  const app = new App<SlackContext>({
    receiver,
    // Bolt's own start-up auth.test exits the process when it fails: one workspace's ids come
    // from `workspaces`; many workspaces' tokens from the install flow's installation store.
    ...(workspaces.authorize ? { authorize: workspaces.authorize } : {}),
    ...boltSettings(slackApiUrl, logger),
  });
  logListenerErrors(app, logger);
  // Uninstalled, or the bot's token revoked: the installation and the club's mapping go at once.
  if (installFlow) app.use(async (args) => forgetOnUninstall(args, installFlow.claims));
  app.use(serveClub(depsFor, logger));
  registerSlashCommands(app, options.registry ?? defaultRegistry);
  registerViewSubmission(app);
  registerBlockActions(app);
  registerAppHome(app);

  const sweep = installFlow
    ? setInterval(() => void installFlow.claims.sweep().catch(() => undefined), 10 * 60_000)
    : undefined;
  sweep?.unref();
  const stop = async () => {
    clearInterval(sweep);
    workspaces.stop();
    await app.stop();
  };
  const platform = 'slack' as const;
  if (!(receiver instanceof HTTPReceiver)) {
    await app.start();
    const connected = () => receiver.client.websocket?.isActive() ?? false;
    const ready = () =>
      workspaces.waitingMessage() ?? connectionPart(connected(), 'connected (Socket Mode)');
    return { platform, port: undefined, ready, sinkFor, stop };
  }
  const server = await app.start({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
  });
  const address = server.address();
  const ready = () =>
    workspaces.waitingMessage() ?? connectionPart(server.listening, 'listening for Slack');
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { platform, port, ready, sinkFor, stop };
}

/** Options for {@link createWorkspaces}. */
export interface WorkspacesOptions {
  /** One workspace's bot token; undefined: many workspaces, tokens from the install flow. */
  botToken?: string;
  /** The one workspace's bot ids until auth.test answers. */
  botId?: string;
  botUserId?: string;
  /** The one workspace's identity, when the caller shares it. Default: asked here. */
  ownWorkspace?: OwnWorkspace;
  slackApiUrl?: string;
  logger: Logger;
}

/** The workspaces the adapter answers in, by token: each one's client and identity. */
export interface Workspaces {
  /** One workspace: Bolt's `authorize`, its token with auth.test's ids. Many: undefined. */
  authorize?: Authorize<boolean>;
  of(token: string): WorkspacePart;
  /** Why the adapter is not ready while the one workspace's auth.test has not answered. */
  waitingMessage(): HealthPart | undefined;
  stop(): void;
}

/**
 * One workspace: its identity is asked of auth.test here, and retried until it answers, never by
 * Bolt (whose start-up auth.test exits the process when it fails). Many workspaces: each token's
 * identity is asked when its first request comes.
 */
export function createWorkspaces(options: WorkspacesOptions): Workspaces {
  const { botToken, slackApiUrl, logger } = options;
  const clientOf = (token: string, timeoutMs: number): webApi.WebClient =>
    createWebClient(token, { slackApiUrl, timeoutMs, logger });
  const one = botToken
    ? (options.ownWorkspace ?? createOwnWorkspace({ client: clientOf(botToken, 5_000), logger }))
    : undefined;
  const parts = new Map<string, WorkspacePart>();
  return {
    ...(one
      ? {
          authorize: async () => ({
            botToken,
            botId: one.known()?.botId ?? options.botId,
            botUserId: one.known()?.botUserId ?? options.botUserId,
          }),
        }
      : {}),
    of(token) {
      let part = parts.get(token);
      if (!part) {
        // Listener calls must not wait: views.open has the trigger's 3 s, users.info a form's ack.
        const client = clientOf(token, 2_500);
        part = { client, own: one ?? createOwnWorkspace({ client, logger }) };
        parts.set(token, part);
      }
      return part;
    },
    waitingMessage: () =>
      one && !one.known()
        ? { ok: false, detail: 'waiting for Slack auth.test to answer' }
        : undefined,
    stop() {
      one?.stop();
      for (const part of parts.values()) part.own.stop();
    },
  };
}
