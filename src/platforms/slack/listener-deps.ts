import type { App, webApi } from '@slack/bolt';
import type { Redis } from 'ioredis';
import type { CommandDefinition } from '../../core/command.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { ReplySink } from '../../delivery/reply-sink.js';
import type { Logger } from '../../log.js';
import type { ResponseUrlUses } from './response-url.js';
import type { SlackUserResolver } from './resolve-slack-user.js';
import type { SlackState } from './state.js';

/**
 * What the listeners serve one request with: the club's front desk and state, and the Slack
 * pieces of the workspace the request comes from.
 */
export interface ListenerDeps {
  dispatcher: Dispatcher;
  registry: readonly CommandDefinition[];
  /** The workspace's Web API client (views.open). */
  client: webApi.WebClient;
  identify: SlackUserResolver;
  state: SlackState;
  /** Answers that follow a button press or a failed form go out like the worker's. */
  sink: ReplySink;
  /** The Web API base (`SLACK_API_URL`): its origin is the one response_url host besides Slack's. */
  slackApiUrl?: string;
  /** The posts each response_url has taken, shared with the worker's sink. */
  responseUrlUses: ResponseUrlUses;
  /** Redis and the club's prefix: when each person's App Home was last refreshed. */
  redis: Redis;
  prefix: string;
  /** How often one person's App Home is refreshed at most. */
  homeRefreshMs: number;
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

/** Bolt's context as the adapter's middleware leaves it for every listener: the request's club. */
export type SlackContext = { club: ListenerDeps };

/** The adapter's Bolt app: its listeners find the request's club, typed, on the context. */
export type SlackApp = App<SlackContext>;
