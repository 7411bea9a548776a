import { describe, expect, it } from 'vitest';
import { registry } from '../../../src/commands/registry.js';
import { slackManifest } from '../../../src/platforms/slack/manifest.js';

describe('slackManifest', () => {
  it('when generated from the registry, there is one slash command per top-level name, sent to /slack/events', () => {
    const manifest = slackManifest(registry, { publicUrl: 'https://club-bot.example.org/' });
    const commands = manifest.features.slash_commands;
    const names = commands.map((command) => command.command);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['/help', '/whoswho', '/session', '/incident', '/waitinglist']),
    );
    expect(names).not.toContain('/incident new');
    // Discord's alone: Slack links people by the e-mail it holds for them.
    expect(names).not.toContain('/link');
    const incident = commands.find((command) => command.command === '/incident');
    expect(incident?.usage_hint).toBe('new | mine | list [status] | show <ref>');
    expect(incident?.description).toMatch(/^new: .* · list: /);
    for (const command of commands) {
      expect(command.url).toBe('https://club-bot.example.org/slack/events');
      expect(command.command.length).toBeLessThanOrEqual(32);
      expect(command.should_escape).toBe(false);
    }
    expect(manifest.settings).toMatchObject({
      socket_mode_enabled: false,
      interactivity: { is_enabled: true, request_url: 'https://club-bot.example.org/slack/events' },
    });
    expect(manifest.oauth_config.scopes.bot).toEqual([
      'commands',
      'chat:write',
      'users:read',
      'users:read.email',
    ]);
  });

  it('when Socket Mode is on, no request URL is given', () => {
    const manifest = slackManifest(registry, { socketMode: true });
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(manifest.settings.interactivity).toEqual({ is_enabled: true });
    expect(manifest.features.slash_commands.every((command) => command.url === undefined)).toBe(
      true,
    );
  });

  it('when neither a URL nor Socket Mode is given, it says what is missing', () => {
    expect(() => slackManifest(registry)).toThrow(/public URL/);
  });
});
