/**
 * `club-bot discord-link [--club <id>] [--replace] <discord user id> <member e-mail, name or Guid>`,
 * or `--remove <discord user id>` (`npm run discord:link -- …` in development): an admin links a
 * Discord user to a club member (Discord holds no
 * email to match). Reads the configuration as the bot does. On a deployment where nothing has
 * run yet it loads the members itself, through the cache and the daily budget (a call or two).
 */
import { createClubServices } from '../app/club-services.js';
import { openClubDirectory } from '../hosting/club-directory.js';
import { doorbellKeys } from '../redis/club-keys.js';
import { createDoorbell } from '../hosting/doorbell.js';
import { describeError } from '../errors.js';
import { createLogger } from '../log.js';
import { openDeploymentOrExit } from './open-deployment.js';
import { clubLinking, discordLinkUsage, runDiscordLink } from './run-discord-link.js';
import { asksForHelp } from './admin-program.js';

if (asksForHelp(process.argv.slice(2))) {
  console.log(discordLinkUsage);
  process.exit(0);
}

const opened = await openDeploymentOrExit();
const logger = createLogger({ level: 'silent' });
const connections = { redis: opened.redis, queueConnection: opened.redis };
const closing: (() => Promise<void>)[] = [];
try {
  process.exitCode = await runDiscordLink(process.argv.slice(2), {
    hosting: opened.kind === 'hosting',
    print: (line) => console.log(line),
    async club(id) {
      if (opened.kind === 'single') {
        const { config, prefix } = opened;
        const services = createClubServices({
          config,
          logger,
          prefix,
          connections,
          keyTracking: false,
        });
        closing.push(() => services.close());
        return clubLinking(services, config.CLUB_TIMEZONE);
      }
      const clubs = await openClubDirectory({
        registry: opened.registry,
        config: opened.config,
        connections,
        logger,
      });
      closing.push(() => clubs.close());
      const club = id === undefined ? undefined : clubs.club(id);
      // A hosting deployment's deliverer waits on its doorbell: ring it for the notices.
      const bell = createDoorbell(opened.redis, doorbellKeys().outbox);
      return club && clubLinking(club, club.timezone, () => bell.ring(club.id));
    },
  });
} catch (error) {
  console.error(`discord-link: ${describeError(error)}`);
  process.exitCode = 1;
} finally {
  for (const close of closing) await close().catch(() => undefined);
  await opened.close();
}
