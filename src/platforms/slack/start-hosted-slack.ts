import { App, type AnyMiddlewareArgs, type CustomRoute, type InstallationStore } from '@slack/bolt';
import type { Redis } from 'ioredis';
import type { CommandDefinition } from '../../core/command.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { registry as defaultRegistry } from '../../commands/registry.js';
import { registerAppHome, type AppHomeDeps } from './app-home-listener.js';
import { runningHttp, type RunningSlackAdapter } from './app.js';
import { registerBlockActions } from './block-action-listeners.js';
import {
  claimPage,
  claimRoute,
  problemPage,
  ticketCookieHeader,
  type SlackClaims,
} from './claim-pages.js';
import { createListenerDeps } from './create-listener-deps.js';
import { createWebClient, webClientOptions } from './create-web-client.js';
import { clubDepsKey, type ListenerDeps } from './listener-deps.js';
import { botScopes } from './manifest.js';
import { registerSlashCommands } from './slash-command-listener.js';
import { registerViewSubmission } from './view-submission-listener.js';
import { boltSettings, logListenerErrors } from './bolt-settings.js';
import { createHttpReceiver } from './http-receiver.js';
import { slackLogger } from './logger.js';
import { createOwnWorkspace } from './own-workspace.js';
import { ackOnly, isReplay } from './replay-guard.js';
import { forgetOnUninstall } from './forget-on-uninstall.js';

/** A club as the Slack listeners need it: where its state lives. */
export interface SlackHostedClub {
  services: { redis: Redis; prefix: string; sealer: Sealer };
}

/** Options for {@link startHostedSlack}. */
export interface HostedSlackOptions<C extends SlackHostedClub> {
  signingSecret: string;
  slackApiUrl?: string;
  port: number;
  host?: string;
  customRoutes?: CustomRoute[];
  registry?: readonly CommandDefinition[];
  logger: Logger;
  onApiError?: (code: string) => void;
  /** One workspace: its bot token (`SLACK_BOT_TOKEN`). */
  botToken?: string;
  /** Many workspaces: Slack's install flow (`SLACK_CLIENT_ID`, `SLACK_CLIENT_SECRET`). */
  oauth?: {
    clientId: string;
    clientSecret: string;
    stateSecret: string;
    installationStore: InstallationStore;
    claims: SlackClaims;
  };
  /** The club whose workspace this is (the registry's mapping); undefined: not set up. */
  clubFor(teamId: string): C | undefined;
  dispatcherOf(club: C): Dispatcher;
}

/** Why an install with token rotation on is refused, and what to do. */
export const rotationText =
  'This Slack app has token rotation turned on, which the club bot does not support. Turn it off in the app’s settings (OAuth & Permissions), then add the app to Slack again.';

export const notSetUpText =
  'This workspace is not set up for the club bot yet. Your club’s Slack admin finishes the set-up with the one-time code the bot’s operator gives them.';

/**
 * The Slack adapter of a hosting deployment: each request is served for the club whose workspace
 * it comes from, with that club's dispatcher, state and the workspace's token; a workspace with
 * no club is told it is not set up, and nothing more. With `oauth`, Slack's install flow
 * (/slack/install, /slack/oauth_redirect) keeps each workspace's token in the installation store
 * and ends on a page where the club's admin types the operator's one-time code.
 */
export async function startHostedSlack<C extends SlackHostedClub>(
  options: HostedSlackOptions<C>,
): Promise<RunningSlackAdapter> {
  const logger = options.logger.child({ component: 'slack' });
  const { oauth } = options;
  // One workspace by token: auth.test is asked (and retried) here, never by Bolt, which exits on it.
  const own =
    !oauth && options.botToken
      ? createOwnWorkspace({
          client: createWebClient(options.botToken, {
            slackApiUrl: options.slackApiUrl,
            timeoutMs: 5_000,
            logger,
          }),
          logger,
        })
      : undefined;
  const app = new App({
    receiver: createHttpReceiver({
      signingSecret: options.signingSecret,
      port: options.port,
      customRoutes: [...(options.customRoutes ?? []), ...(oauth ? [claimRoute(oauth.claims)] : [])],
      logger: slackLogger(logger),
      ...(oauth
        ? {
            clientId: oauth.clientId,
            clientSecret: oauth.clientSecret,
            stateSecret: oauth.stateSecret,
            scopes: botScopes,
            installationStore: oauth.installationStore,
            installerOptions: {
              stateVerification: true,
              clientOptions: webClientOptions({ slackApiUrl: options.slackApiUrl, logger }),
              callbackOptions: {
                async successAsync(installation, _options, _request, response) {
                  const teamId = installation.team?.id ?? installation.enterprise?.id ?? '';
                  const teamName = installation.team?.name;
                  if (installation.bot?.refreshToken || installation.bot?.expiresAt) {
                    await oauth.claims.forget(teamId, 'token rotation');
                    logger.warn({ team: teamId }, 'an install with token rotation was refused');
                    response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
                    response.end(problemPage('Token rotation is on', rotationText));
                    return;
                  }
                  const ticket = await oauth.claims.begin(teamId, teamName);
                  // Bolt's own cookie (the install's state, deleted) goes out beside the ticket's.
                  const set = response.getHeader('Set-Cookie') ?? [];
                  const cookies = Array.isArray(set) ? set : [String(set)];
                  response.setHeader('Set-Cookie', [...cookies, ticketCookieHeader(ticket)]);
                  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
                  response.end(claimPage(teamName));
                },
              },
            },
          }
        : {}),
    }),
    ...(own
      ? {
          authorize: async () => ({
            botToken: options.botToken,
            botId: own.known()?.botId,
            botUserId: own.known()?.botUserId,
          }),
        }
      : {}),
    ...boltSettings(options.slackApiUrl, logger),
  });
  logListenerErrors(app, logger);

  const made = new WeakMap<C, Map<string, ListenerDeps & AppHomeDeps>>();
  const depsOf = (club: C, token: string) => {
    const byToken = made.get(club) ?? new Map<string, ListenerDeps & AppHomeDeps>();
    made.set(club, byToken);
    let deps = byToken.get(token);
    if (!deps) {
      const { redis, prefix, sealer } = club.services;
      deps = {
        ...createListenerDeps({
          botToken: token,
          slackApiUrl: options.slackApiUrl,
          dispatcher: options.dispatcherOf(club),
          registry: options.registry,
          redis,
          prefix,
          sealer,
          logger,
          onApiError: options.onApiError,
          ...(own ? { ownWorkspace: own } : {}),
        }),
        redis,
        prefix,
      };
      byToken.set(token, deps);
    }
    return deps;
  };

  // Uninstalled, or the bot's token revoked: the installation and the club's mapping go at once.
  if (oauth) app.use(async (args) => forgetOnUninstall(args, oauth.claims));
  const sweep = oauth
    ? setInterval(() => void oauth.claims.sweep().catch(() => undefined), 10 * 60_000)
    : undefined;
  sweep?.unref();

  app.use(async (args) => {
    const { context, next } = args;
    const club = context.teamId ? options.clubFor(context.teamId) : undefined;
    const token = context.botToken ?? options.botToken;
    if (!club || !token) return refuse(args);
    if (await isReplay(context, club.services, logger)) return ackOnly(args);
    context[clubDepsKey] = depsOf(club, token);
    await next();
  });
  const unset = listenersWithoutAClub(options.registry, logger);
  registerSlashCommands(app, unset);
  registerViewSubmission(app, unset);
  registerBlockActions(app, unset);
  registerAppHome(app, unset);

  const server = await app.start({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
  });
  const stop = async () => {
    clearInterval(sweep);
    own?.stop();
    await app.stop();
  };
  // With the install flow each workspace's own identity is asked when its first request comes.
  return { ...runningHttp(server, options.port, stop), identified: () => !own || !!own.known() };
}

/** A request from a workspace with no club: acknowledged, told so if it was a command, no more. */
async function refuse(args: AnyMiddlewareArgs): Promise<void> {
  if (!('ack' in args) || typeof args.ack !== 'function') return;
  const ack = args.ack as (response?: unknown) => Promise<void>;
  const isCommand = 'command' in args.body && typeof args.body.command === 'string';
  await ack(isCommand ? { response_type: 'ephemeral', text: notSetUpText } : undefined);
}

/** The listeners' deps outside any club: never used, since the middleware stops such requests. */
function listenersWithoutAClub(
  registry: readonly CommandDefinition[] | undefined,
  logger: Logger,
): ListenerDeps & AppHomeDeps {
  const missing = (): never => {
    throw new Error('a Slack request reached a listener without its club');
  };
  // Any use of a club's part throws: reaching one here is a bug, never a silent answer.
  const noClub = <T extends object>(): T => new Proxy({} as T, { get: () => missing });
  return {
    dispatcher: noClub(),
    registry: registry ?? defaultRegistry,
    client: noClub(),
    identify: missing,
    state: noClub(),
    sink: noClub(),
    responseUrlUses: noClub(),
    slowNoticeMs: 1_500,
    logger,
    now: Date.now,
    formAckDeadlineMs: 2_500,
    redis: noClub(),
    prefix: '',
  };
}
