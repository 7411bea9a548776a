import type { Context, webApi } from '@slack/bolt';
import type { CommandDefinition } from '../../core/command.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { ReplySink } from '../../delivery/reply-sink.js';
import type { Logger } from '../../log.js';
import type { ResponseUrlUses } from './response-url-uses.js';
import type { SlackUserResolver } from './resolve-slack-user.js';
import type { SlackState } from './state.js';

/** What the listeners share: the core's front desk, and the few Slack pieces they need. */
export interface ListenerDeps {
  dispatcher: Dispatcher;
  registry: readonly CommandDefinition[];
  /** The bot's Web API client (views.open). */
  client: webApi.WebClient;
  identify: SlackUserResolver;
  state: SlackState;
  /** Answers that follow a button press or a failed form go out like the worker's. */
  sink: ReplySink;
  /** The Web API base (`SLACK_API_URL`): its origin is the one response_url host besides Slack's. */
  slackApiUrl?: string;
  /** The posts each response_url has taken, shared with the worker's sink. */
  responseUrlUses: ResponseUrlUses;
  /** How long a queued command's answer may take before "Working on it…" is posted. */
  slowNoticeMs: number;
  logger: Logger;
  /** Told the code of each failed Web API call (views.open…), for metrics. Default: none. */
  onApiError?: (code: string) => void;
  now(): number;
  /**
   * When a form submission is acknowledged whatever its work has reached, so Slack never shows its
   * own timeout error (it allows 3 s, network included).
   */
  formAckDeadlineMs: number;
}

/** Where a hosting deployment's middleware leaves the deps of the workspace's club. */
export const clubDepsKey = 'clubDeps';

/**
 * The deps a request is served with: those of the club whose workspace it comes from, in a
 * hosting deployment (its middleware puts them on Bolt's context), or else the app's own.
 */
export function depsFor<D extends ListenerDeps>(context: Context, shared: D): D {
  return (context[clubDepsKey] as D | undefined) ?? shared;
}
