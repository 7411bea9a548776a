import type { Redis } from 'ioredis';
import type { CommandDefinition } from '../../commands/command.js';
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

/** What the listeners of one club's workspace are made from. */
export interface ListenerDepsOptions {
  /** The workspace's bot token (xoxb-…). */
  botToken: string;
  slackApiUrl?: string;
  dispatcher: Dispatcher;
  registry?: readonly CommandDefinition[];
  /** Redis and the club's prefix: cached emails, response_url counts, button state. */
  redis: Redis;
  prefix: string;
  sealer: Sealer;
  logger: Logger;
  onApiError?: (code: string) => void;
  now?: () => number;
  slowNoticeMs?: number;
  formAckDeadlineMs?: number;
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
    responseUrlUses: createResponseUrlUses({ redis, prefix, now: options.now }),
    slowNoticeMs: options.slowNoticeMs ?? 1_500,
    logger,
    onApiError: options.onApiError,
    now: options.now ?? Date.now,
    formAckDeadlineMs: options.formAckDeadlineMs ?? 2_500,
  };
}
