import { Client, GatewayIntentBits } from 'discord.js';

/** Options for {@link createDiscordClient}. */
export interface DiscordClientOptions {
  /** Discord's REST base (DISCORD_API_URL), e.g. `http://127.0.0.1:4100/api`; the gateway address comes from its `/gateway/bot`. Default: Discord's. */
  apiUrl?: string;
}

/**
 * The discord.js client with the least it needs: the Guilds intent only (interactions arrive
 * without any intent; Guilds keeps the guild and channel caches discord.js expects). No message
 * content, no members, no presences. Nothing it sends may ping anyone.
 */
export function createDiscordClient(options: DiscordClientOptions = {}): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: options.apiUrl ? { api: options.apiUrl } : {},
    allowedMentions: { parse: [] },
  });
}
