/**
 * An admin links a Discord user to a club member (Discord holds no email to match):
 *
 *   tsx src/platforms/discord/link-member.ts <discord user id> <member email or Guid>
 *   tsx src/platforms/discord/link-member.ts --remove <discord user id>
 *
 * Reads REDIS_URL (the bot's Redis); the key prefix is `club-bot`
 * unless `--prefix <p>` says otherwise. The link takes effect on the person's next command.
 */
import { Redis } from 'ioredis';
import { createMemberLinks } from '../../access/member-links.js';
import { createReadCache } from '../../cache/read-cache.js';
import { configSchema } from '../../config.js';
import { linkDiscordUser } from './link-discord-user.js';
import { describeError } from '../../errors.js';
import { createSealer } from '../../redis/sealer.js';

const usage =
  'usage: link-member.ts [--prefix club-bot] <discord user id> <member email or Guid>\n       link-member.ts [--prefix club-bot] --remove <discord user id>';

const args = process.argv.slice(2);
let prefix = 'club-bot';
const prefixAt = args.indexOf('--prefix');
if (prefixAt >= 0) {
  prefix = args[prefixAt + 1] ?? '';
  args.splice(prefixAt, 2);
}
const remove = args[0] === '--remove';
if (remove) args.shift();
const [userId, memberRef] = args;
if (!prefix || !userId || (!remove && !memberRef) || args.length > 2) {
  console.error(usage);
  process.exit(2);
}

const parsed = configSchema.pick({ REDIS_URL: true, CLUB_DATA_KEY: true }).safeParse(process.env);
if (!parsed.success || !parsed.data.CLUB_DATA_KEY) {
  console.error(
    'link-member needs REDIS_URL and CLUB_DATA_KEY: the Redis and the data key the bot uses.',
  );
  process.exit(2);
}
const sealer = createSealer(parsed.data.CLUB_DATA_KEY);

const redis = new Redis(parsed.data.REDIS_URL, { maxRetriesPerRequest: 2 });
const links = createMemberLinks(redis, prefix);
try {
  if (remove) {
    await links.remove({ platform: 'discord', userId });
    console.log(`Discord user ${userId} is no longer linked to a member.`);
  } else {
    const guid = await linkDiscordUser(
      { links, cache: createReadCache({ redis, prefix, sealer }) },
      userId,
      memberRef ?? '',
    );
    console.log(`Discord user ${userId} is now linked to member ${guid}.`);
  }
  process.exitCode = 0;
} catch (error) {
  console.error(`link-member: ${describeError(error)}`);
  process.exitCode = 1;
} finally {
  redis.disconnect();
}
