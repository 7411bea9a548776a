import type { webApi } from '@slack/bolt';
import type { CommandDefinition } from '../../core/command.js';
import { registry as defaultRegistry } from '../../commands/registry.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { ReplySink } from '../../delivery/reply-sink.js';
import type { Logger } from '../../log.js';
import type { ListenerDeps } from './listener-deps.js';
import type { SlackClubState } from './reply-sink.js';
import { createResponseUrlUses } from './response-url.js';
import { createSlackUserResolver, type OwnWorkspace } from './resolve-slack-user.js';
import { createSlackState } from './state.js';

/** How the listeners behave, the same for every club. */
export interface ListenerSettings {
  /** The Web API base (`SLACK_API_URL`); tests point it at a fake. Default: Slack's. */
  slackApiUrl?: string;
  /** The commands to offer as slash commands. Default: the bot's registry. */
  registry?: readonly CommandDefinition[];
  logger: Logger;
  /**
   * Told the code of each Web API call the adapter makes that fails (users.info, views.open,
   * button answers), for the platform-errors metric. Default: none.
   */
  onApiError?: (code: string) => void;
  now?: () => number;
  /** How long a queued command's answer may take before "Working on it…" is shown. Default: 1500 ms. */
  slowNoticeMs?: number;
  /**
   * When a form submission is acknowledged whatever its work has reached (Slack allows 3 s, and
   * shows a form's errors only in the acknowledgement). Default: 2500 ms.
   */
  formAckDeadlineMs?: number;
  /** How often one person's App Home is refreshed at most. Default: an hour. */
  homeRefreshMs?: number;
}

/** A club's part of the listeners' deps: its front desk, where its state lives, its replies. */
export interface ClubPart extends SlackClubState {
  dispatcher: Dispatcher;
  sink: ReplySink;
}

/** A workspace's part: its token's Web API client and who the bot is there (auth.test). */
export interface WorkspacePart {
  client: webApi.WebClient;
  own: OwnWorkspace;
}

/** The listeners' deps for one club and one workspace. */
export function createListenerDeps(
  settings: ListenerSettings,
  club: ClubPart,
  workspace: WorkspacePart,
): ListenerDeps {
  const { logger } = settings;
  const { redis, prefix, sealer } = club;
  return {
    dispatcher: club.dispatcher,
    registry: settings.registry ?? defaultRegistry,
    client: workspace.client,
    identify: createSlackUserResolver({
      sealer,
      client: workspace.client,
      redis,
      prefix,
      logger,
      onApiError: settings.onApiError,
      ownWorkspace: workspace.own,
    }),
    state: createSlackState({ redis, prefix, sealer }),
    sink: club.sink,
    slackApiUrl: settings.slackApiUrl,
    responseUrlUses: createResponseUrlUses({ redis, prefix, now: settings.now }),
    redis,
    prefix,
    homeRefreshMs: settings.homeRefreshMs ?? 3_600_000,
    slowNoticeMs: settings.slowNoticeMs ?? 1_500,
    logger,
    onApiError: settings.onApiError,
    now: settings.now ?? Date.now,
    formAckDeadlineMs: settings.formAckDeadlineMs ?? 2_500,
  };
}
