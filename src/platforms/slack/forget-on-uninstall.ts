import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { SlackClaims } from './claim-pages.js';

type MiddlewareArgs = Parameters<Middleware<AnyMiddlewareArgs>>[0];

/**
 * Handles `app_uninstalled` and `tokens_revoked` (of the bot's token): the workspace's
 * installation and its club's mapping go at once, so a token never outlives its workspace's
 * consent and installing again needs a code again. Passes anything else on. Bolt acknowledges
 * events itself, and skips authorisation for these two.
 */
export async function forgetOnUninstall(args: MiddlewareArgs, claims: SlackClaims): Promise<void> {
  const event =
    'event' in args ? (args.event as { type?: string; tokens?: { bot?: unknown[] } }) : undefined;
  const teamId = args.context.teamId ?? args.context.enterpriseId;
  const gone =
    event?.type === 'app_uninstalled' ||
    (event?.type === 'tokens_revoked' && (event.tokens?.bot?.length ?? 0) > 0);
  if (!gone || !teamId) return args.next();
  await claims.forget(teamId, event?.type === 'app_uninstalled' ? 'uninstalled' : 'revoked');
}
