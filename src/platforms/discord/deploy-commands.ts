/**
 * `club-bot discord-deploy` (`npm run discord:deploy` in development): registers the registry's slash commands with Discord. With
 * DISCORD_GUILD_ID, in that guild only (instant, for development); without, globally. Needs
 * DISCORD_TOKEN and DISCORD_APPLICATION_ID; DISCORD_API_URL points it elsewhere (tests).
 * Prints what it did; exit code 1 when Discord refused, 2 when the configuration is incomplete.
 */
import { DiscordAPIError, REST } from 'discord.js';
import { registry } from '../../commands/registry.js';
import { configSchema } from '../../config.js';
import { putApplicationCommands } from './put-application-commands.js';
import { adminCommandLine, asksForHelp } from '../../cli/admin-program.js';

if (asksForHelp(process.argv.slice(2))) {
  console.log(
    `Usage: ${adminCommandLine('discord-deploy')}\n  registers the slash commands with Discord: to the DISCORD_GUILD_ID servers, or globally without it (needs DISCORD_TOKEN and DISCORD_APPLICATION_ID)`,
  );
  process.exit(0);
}

const deployConfig = configSchema.pick({
  DISCORD_TOKEN: true,
  DISCORD_APPLICATION_ID: true,
  DISCORD_GUILD_ID: true,
  DISCORD_API_URL: true,
});

const parsed = deployConfig.safeParse(process.env);
const config = parsed.success ? parsed.data : undefined;
if (!config?.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
  console.error(
    'discord:deploy needs DISCORD_TOKEN (the bot token) and DISCORD_APPLICATION_ID (the application id); DISCORD_GUILD_ID (the club’s servers, comma-separated) deploys to those servers instead of globally.',
  );
  process.exit(2);
}

const rest = new REST({
  version: '10',
  ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}),
}).setToken(config.DISCORD_TOKEN);

try {
  const guilds = (config.DISCORD_GUILD_ID ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  for (const guildId of guilds.length > 0 ? guilds : [undefined]) {
    const deployed = await putApplicationCommands({
      rest,
      applicationId: config.DISCORD_APPLICATION_ID,
      guildId,
      registry,
    });
    const where =
      deployed.scope === 'guild'
        ? `to guild ${guildId} (they show at once)`
        : 'globally (to every server the bot is in; only DISCORD_GUILD_ID servers are answered)';
    console.log(`Deployed ${deployed.commands.length} slash commands ${where}:`);
    for (const command of deployed.commands) console.log(`  /${command}`);
  }
} catch (error) {
  // Discord's error names the problem; the token never appears in it.
  const reason =
    error instanceof DiscordAPIError
      ? `Discord answered ${error.status}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`discord:deploy failed: ${reason}`);
  process.exit(1);
}
