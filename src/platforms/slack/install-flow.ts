import type { HTTPReceiverOptions, InstallationStore } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { claimPage, problemPage, ticketCookieHeader, type SlackClaims } from './claim-pages.js';
import { webClientOptions } from './create-web-client.js';
import { botScopes } from './manifest.js';

/** Many workspaces: Slack's install flow (`SLACK_CLIENT_ID`, `SLACK_CLIENT_SECRET`). */
export interface SlackInstallFlow {
  clientId: string;
  clientSecret: string;
  /** Signs the install's state parameter. */
  stateSecret: string;
  /** Where each workspace's installation (its bot token) is kept. */
  installationStore: InstallationStore & {
    /** The bot token of a team (or enterprise) id's installation. */
    teamToken(teamId: string): Promise<string | undefined>;
  };
  claims: SlackClaims;
}

/** Why an install with token rotation on is refused, and what to do. */
export const rotationText =
  'This Slack app has token rotation turned on, which the club bot does not support. Turn it off in the app’s settings (OAuth & Permissions), then add the app to Slack again.';

/** What the install flow's options are for either receiver. */
type InstallOptions = Pick<
  HTTPReceiverOptions,
  'clientId' | 'clientSecret' | 'stateSecret' | 'scopes' | 'installationStore' | 'installerOptions'
>;

/**
 * Bolt's install flow (/slack/install, /slack/oauth_redirect): each workspace's token goes to the
 * installation store, and the flow ends on a page where the club's admin types the operator's
 * one-time code. An install with token rotation on is refused and forgotten.
 */
export function installOptions(
  flow: SlackInstallFlow,
  slackApiUrl: string | undefined,
  logger: Logger,
): InstallOptions {
  const { claims } = flow;
  return {
    clientId: flow.clientId,
    clientSecret: flow.clientSecret,
    stateSecret: flow.stateSecret,
    scopes: botScopes,
    installationStore: flow.installationStore,
    installerOptions: {
      stateVerification: true,
      clientOptions: webClientOptions({ slackApiUrl, logger }),
      callbackOptions: {
        async successAsync(installation, _options, _request, response) {
          const teamId = installation.team?.id ?? installation.enterprise?.id ?? '';
          const teamName = installation.team?.name;
          if (installation.bot?.refreshToken || installation.bot?.expiresAt) {
            await claims.forget(teamId, 'token rotation');
            logger.warn({ team: teamId }, 'an install with token rotation was refused');
            response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
            response.end(problemPage('Token rotation is on', rotationText));
            return;
          }
          const ticket = await claims.begin(teamId, teamName);
          // Bolt's own cookie (the install's state, deleted) goes out beside the ticket's.
          const set = response.getHeader('Set-Cookie') ?? [];
          const cookies = Array.isArray(set) ? set : [String(set)];
          response.setHeader('Set-Cookie', [...cookies, ticketCookieHeader(ticket)]);
          response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          response.end(claimPage(teamName));
        },
      },
    },
  };
}
