import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from '../../log.js';
import type { ListenerDeps, SlackContext } from './listener-deps.js';
import { ackOnly, isReplay } from './replay-guard.js';

export const notSetUpText =
  'This workspace is not set up for the club bot yet. Your club’s Slack admin finishes the set-up with the one-time code the bot’s operator gives them.';

/**
 * The adapter's last global middleware: finds the club of the workspace a request comes from,
 * with that workspace's token (Bolt's `authorize` put it on the context), and leaves its deps on
 * the context for the listeners. A workspace with no club is told it is not set up, and nothing
 * more; a delivery seen before is acknowledged and ignored.
 */
export function serveClub(
  depsFor: (teamId: string, token: string) => ListenerDeps | undefined,
  logger: Logger,
): Middleware<AnyMiddlewareArgs, SlackContext> {
  return async (args) => {
    const { context, next } = args;
    const teamId = context.teamId ?? context.enterpriseId;
    const club = teamId && context.botToken ? depsFor(teamId, context.botToken) : undefined;
    if (!club) return refuse(args);
    if (await isReplay(context, club, logger)) return ackOnly(args);
    context.club = club;
    await next();
  };
}

/** A request from a workspace with no club: acknowledged, told so if it was a command, no more. */
async function refuse(args: AnyMiddlewareArgs): Promise<void> {
  if (!('ack' in args) || typeof args.ack !== 'function') return;
  const ack = args.ack as (response?: unknown) => Promise<void>;
  const isCommand = 'command' in args.body && typeof args.body.command === 'string';
  await ack(isCommand ? { response_type: 'ephemeral', text: notSetUpText } : undefined);
}
