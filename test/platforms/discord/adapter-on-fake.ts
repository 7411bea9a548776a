import type { Dispatcher } from '../../../src/dispatch/create-dispatcher.js';
import { createLogger } from '../../../src/log.js';
import {
  startDiscordAdapter,
  type DiscordAdapter,
  type DiscordAdapterOptions,
  type DiscordClub,
} from '../../../src/platforms/discord/app.js';
import { fakeGuildId } from '../../fakes/discord/interactions.js';
import type { FakeDiscord } from '../../fakes/discord/start-fake-discord.js';

/** Which club answers in which server, and through which front desk. */
export type DiscordClubs<Club extends DiscordClub> = Pick<
  DiscordAdapterOptions<Club>,
  'clubFor' | 'dispatcherOf'
>;

/** One club in the fake's server (every other server, and a DM, is refused), with `dispatcher`. */
export function oneClub<Club extends DiscordClub>(
  club: Club,
  dispatcher: Dispatcher,
  guildId = fakeGuildId,
): DiscordClubs<Club> {
  return {
    clubFor: (id) => (id === guildId ? club : undefined),
    dispatcherOf: () => dispatcher,
  };
}

/** The bot's one Discord adapter, connected to the fake Discord as its application. */
export function startAdapterOnFake<Club extends DiscordClub>(
  fake: FakeDiscord,
  clubs: DiscordClubs<Club>,
  options: Partial<Pick<DiscordAdapterOptions<Club>, 'logger' | 'onApiError' | 'token'>> = {},
): Promise<DiscordAdapter<Club>> {
  return startDiscordAdapter({
    token: 'fake-bot-token',
    applicationId: fake.applicationId,
    apiUrl: fake.apiUrl,
    logger: createLogger({ level: process.env.DEBUG_FAKE ? 'warn' : 'silent' }),
    ...clubs,
    ...options,
  });
}
