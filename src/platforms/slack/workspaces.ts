import type { Authorize, webApi } from '@slack/bolt';
import type { HealthPart } from '../../ops/health-part.js';
import type { Logger } from '../../log.js';
import { createWebClient } from './create-web-client.js';
import { createOwnWorkspace, type OwnWorkspace } from './own-workspace.js';
import type { WorkspacePart } from './create-listener-deps.js';

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
