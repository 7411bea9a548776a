import type { RunningSlackAdapter } from '../platforms/slack/app.js';
import type { ProcessConfig } from '../config.js';
import type { Logger } from '../log.js';
import type { ClubDirectory } from './club-directory.js';

/** Socket Mode serves one workspace, so one club: said when the directory holds several. */
export class SocketModeClubsError extends Error {
  constructor(clubs: number) {
    super(
      `Slack's Socket Mode (SLACK_APP_TOKEN) serves one workspace, but this deployment has ${clubs} clubs: unset SLACK_APP_TOKEN and use HTTP (SLACK_SIGNING_SECRET), with the install flow for many workspaces.`,
    );
    this.name = 'SocketModeClubsError';
  }
}

/**
 * Slack over Socket Mode (`SLACK_APP_TOKEN`) for a deployment's one club: its workspace's bot
 * token, the club's dispatcher and state. Until one Slack adapter serves both modes for any
 * number of clubs, this is the Socket Mode the environment's club has always had.
 */
export async function startSocketMode(
  options: { config: ProcessConfig; directory: ClubDirectory; logger: Logger },
  onApiError: (code: string) => void,
): Promise<RunningSlackAdapter> {
  const { config, directory } = options;
  const ids = directory.ids();
  const club = ids.length === 1 ? directory.club(ids[0] ?? '') : undefined;
  if (!club) throw new SocketModeClubsError(ids.length);
  const { startSlackAdapter } = await import('../platforms/slack/app.js');
  return startSlackAdapter({
    signingSecret: config.SLACK_SIGNING_SECRET ?? '',
    botToken: config.SLACK_BOT_TOKEN ?? '',
    appToken: config.SLACK_APP_TOKEN,
    slackApiUrl: config.SLACK_API_URL,
    port: config.PORT,
    dispatcher: club.dispatcher,
    redis: club.redis,
    prefix: club.prefix,
    sealer: club.sealer,
    logger: options.logger,
    onApiError,
  });
}
