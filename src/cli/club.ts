/**
 * `club-bot club add|list|show|set|remove|invite …` (`npm run club -- …` in development): the clubs of a hosting deployment, kept in
 * Redis (REDIS_URL or REDIS_CLUSTER_NODES), their tokens sealed with CLUB_DATA_KEY.
 */
import { readFileSync } from 'node:fs';
import { checkClubToken } from '../hosting/check-club-token.js';
import { clubUsage, runClubCommand } from '../hosting/club-commands.js';
import { createClubRegistry } from '../hosting/club-registry.js';
import { loadRegistryConfig } from '../config.js';
import { connectRedis } from '../hosting/redis-client.js';
import { ConfigError } from '../config.js';
import { createSealer } from '../redis/sealer.js';
import { migrateData } from '../redis/data-format.js';
import { describeError } from '../errors.js';
import { defaultRoot } from '../hosting/club-keys.js';
import { asksForHelp } from './admin-program.js';

if (asksForHelp(process.argv.slice(2))) {
  console.log(clubUsage);
  process.exit(0);
}

let config;
try {
  config = loadRegistryConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const redis = connectRedis(config, { maxRetriesPerRequest: 1 });
redis.on('error', () => undefined);
const sealer = createSealer(config.CLUB_DATA_KEY);
// As every process does at start: a new deployment's marker is written before its first record.
const code = await migrateData(redis, sealer, { mode: 'hosting', root: defaultRoot })
  .then(
    () =>
      runClubCommand(process.argv.slice(2), {
        registry: createClubRegistry(redis, sealer),
        redis,
        checkToken: checkClubToken,
        readFile: (path) => readFileSync(path, 'utf8'),
        print: (line) => console.log(line),
        installFlow: Boolean(config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET),
      }),
    (error: unknown) => {
      console.error(`club: ${describeError(error)}`);
      return 1;
    },
  )
  .finally(() => redis.quit().catch(() => redis.disconnect()));
process.exitCode = code;
