import type { CommandDefinition } from '../../core/command.js';
import { usage } from '../../commands/help.js';
import { truncate } from './escape-mrkdwn.js';
import { slashCommandNames } from './slash-command-listener.js';

/** Options for {@link slackManifest}. */
export interface SlackManifestOptions {
  /**
   * The bot's public base URL, e.g. `https://club-bot.example.org`: slash commands and
   * interactivity are sent to `<url>/slack/events`. Not needed in Socket Mode.
   */
  publicUrl?: string;
  /** Socket Mode: Slack sends everything over the app's WebSocket; no request URLs. Default: false. */
  socketMode?: boolean;
  /** The app's name in Slack (≤ 35 characters). Default: "Club bot". */
  name?: string;
}

/** The parts of Slack's app manifest the bot uses. */
export interface SlackManifest {
  display_information: { name: string; description: string };
  features: {
    bot_user: { display_name: string; always_online: boolean };
    app_home: {
      home_tab_enabled: boolean;
      messages_tab_enabled: boolean;
      messages_tab_read_only_enabled: boolean;
    };
    slash_commands: {
      command: string;
      description: string;
      usage_hint?: string;
      should_escape: boolean;
      url?: string;
    }[];
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    event_subscriptions: { request_url?: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url?: string };
    org_deploy_enabled: boolean;
    socket_mode_enabled: boolean;
    token_rotation_enabled: boolean;
  };
}

/**
 * The scopes the bot asks for: `commands` (slash commands), `chat:write` (replies after the
 * response_url, direct messages), `users:read` and `users:read.email` (the email that links a
 * person to their club membership).
 */
export const botScopes = ['commands', 'chat:write', 'users:read', 'users:read.email'];

/**
 * Pure: the Slack app manifest generated from the registry, so Slack's slash commands and the
 * bot's cannot drift: one slash command per top-level name ("/incident" for "incident new" and
 * "incident list"), with the description and usage of its commands.
 */
export function slackManifest(
  registry: readonly CommandDefinition[],
  options: SlackManifestOptions = {},
): SlackManifest {
  const socketMode = options.socketMode ?? false;
  if (!socketMode && !options.publicUrl) {
    throw new Error('A public URL is needed unless Socket Mode is on.');
  }
  const requestUrl = socketMode
    ? undefined
    : `${options.publicUrl?.replace(/\/+$/, '')}/slack/events`;
  return {
    display_information: {
      name: truncate(options.name ?? 'Club bot', 35),
      description: "The swimming club's records one slash command away.",
    },
    features: {
      bot_user: { display_name: 'club-bot', always_online: true },
      // Replies go to a person's DM with the app when the bot cannot see the channel; the Home
      // tab shows /today.
      app_home: {
        home_tab_enabled: true,
        messages_tab_enabled: true,
        messages_tab_read_only_enabled: true,
      },
      slash_commands: slashCommandNames(registry).map((name) => {
        const family = registry.filter(
          (command) => command.name === name || command.name.startsWith(`${name} `),
        );
        const hints = family
          .map((command) => usage(command).replace(`/${name}`, '').trim())
          .filter((hint) => hint !== '');
        return {
          command: `/${name}`,
          description: truncate(family.map((command) => describe(command, name)).join(' · '), 2000),
          ...(hints.length > 0 ? { usage_hint: truncate(hints.join(' | '), 1000) } : {}),
          // Names arrive as typed, not turned into <@U…> links.
          should_escape: false,
          ...(requestUrl ? { url: requestUrl } : {}),
        };
      }),
    },
    oauth_config: { scopes: { bot: [...botScopes] } },
    settings: {
      event_subscriptions: {
        ...(requestUrl ? { request_url: requestUrl } : {}),
        // Uninstalls and revoked tokens delete the workspace's installation (hosting's install flow).
        bot_events: ['app_home_opened', 'app_uninstalled', 'tokens_revoked'],
      },
      interactivity: { is_enabled: true, ...(requestUrl ? { request_url: requestUrl } : {}) },
      org_deploy_enabled: false,
      socket_mode_enabled: socketMode,
      token_rotation_enabled: false,
    },
  };
}

/** "new: Report an incident…" for a subcommand; the description alone for the command itself. */
function describe(command: CommandDefinition, slash: string): string {
  const sub = command.name.slice(slash.length).trim();
  return sub ? `${sub}: ${command.description}` : command.description;
}
