import { randomUUID } from 'node:crypto';

/**
 * Slack's side of the install flow, faked: codes handed out for a workspace, exchanged once by
 * `oauth.v2.access` for a bot token of that workspace (its answer as Slack gives it).
 */
export function createFakeInstalls() {
  const codes = new Map<string, { teamId: string; teamName: string; rotation: boolean }>();
  /** Bot tokens given, to their workspace. */
  const teams = new Map<string, string>();
  return {
    teams,
    /** With `rotation`, the app has token rotation on: the token expires and comes with a refresh token. */
    code(teamId: string, teamName = `Team ${teamId}`, rotation = false): string {
      const code = `code-${randomUUID()}`;
      codes.set(code, { teamId, teamName, rotation });
      return code;
    },
    exchange(code: string): Record<string, unknown> {
      const install = codes.get(code);
      if (!install) return { ok: false, error: 'invalid_code' };
      codes.delete(code);
      const botToken = `xoxb-${install.teamId}-${randomUUID().slice(0, 8)}`;
      teams.set(botToken, install.teamId);
      return {
        ok: true,
        app_id: 'A1',
        authed_user: { id: 'UADMIN' },
        scope: 'commands,chat:write,users:read,users:read.email',
        token_type: 'bot',
        access_token: botToken,
        bot_user_id: 'UBOT',
        team: { id: install.teamId, name: install.teamName },
        enterprise: null,
        is_enterprise_install: false,
        ...(install.rotation
          ? { refresh_token: `xoxe-1-${randomUUID()}`, expires_in: 43_200 }
          : {}),
      };
    },
  };
}
