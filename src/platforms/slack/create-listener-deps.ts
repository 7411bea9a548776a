import type { Redis } from 'ioredis';
import type { CommandDefinition } from '../../core/command.js';
import { registry as defaultRegistry } from '../../commands/registry.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import type { Logger } from '../../log.js';
import type { Sealer } from '../../redis/sealer.js';
import { createWebClient } from './create-web-client.js';
import type { ListenerDeps } from './listener-deps.js';
import { createSlackReplySink } from './reply-sink.js';
import { createResponseUrlUses } from './response-url-uses.js';
import { createSlackUserResolver } from './resolve-slack-user.js';
import { createSlackState } from './state.js';
import type { OwnWorkspace } from './own-workspace.js';

/** What the listeners of one club's workspace are made from. */
export interface ListenerDepsOptions {
  /** The workspace's bot token, xoxb-… (`SLACK_BOT_TOKEN`). */
  botToken: string;
  /** The Web API base (`SLACK_API_URL`); tests point it at a fake. Default: Slack's. */
  slackApiUrl?: string;
  dispatcher: Dispatcher;
  /** The commands to offer as slash commands. Default: the bot's registry. */
  registry?: readonly CommandDefinition[];
  /**
   * Redis and the club's prefix, shared with the reply sink: cached emails, response_url counts,
   * button state.
   */
  redis: Redis;
  prefix: string;
  /** Seals the state kept in Redis (replies, typed values, e-mails). */
  sealer: Sealer;
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
  /** The bot's own workspace (auth.test), shared with the app's authorize. Default: asked here. */
  ownWorkspace?: OwnWorkspace;
}

/** The listeners' deps for one club and one workspace token. */
export function createListenerDeps(options: ListenerDepsOptions): ListenerDeps {
  const { logger } = options;
  // Listener calls must not wait: views.open has the trigger's 3 s, users.info a form's ack.
  const client = createWebClient(options.botToken, {
    slackApiUrl: options.slackApiUrl,
    timeoutMs: 2_500,
    logger,
  });
  const { redis, prefix, sealer } = options;
  return {
    dispatcher: options.dispatcher,
    registry: options.registry ?? defaultRegistry,
    client,
    identify: createSlackUserResolver({
      sealer,
      client,
      redis,
      prefix,
      logger,
      onApiError: options.onApiError,
      ...(options.ownWorkspace ? { ownWorkspace: options.ownWorkspace } : {}),
    }),
    state: createSlackState({ redis, prefix, sealer }),
    sink: createSlackReplySink({
      botToken: options.botToken,
      slackApiUrl: options.slackApiUrl,
      client,
      redis,
      prefix,
      sealer,
      logger,
      now: options.now,
      onApiError: options.onApiError,
    }),
    slackApiUrl: options.slackApiUrl,
    responseUrlUses: createResponseUrlUses({ redis, prefix, now: options.now }),
    slowNoticeMs: options.slowNoticeMs ?? 1_500,
    logger,
    onApiError: options.onApiError,
    now: options.now ?? Date.now,
    formAckDeadlineMs: options.formAckDeadlineMs ?? 2_500,
  };
}
