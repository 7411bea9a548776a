import type { Redis } from 'ioredis';
import { clubPrefix, everyKeyUnder, registryKeys } from '../redis/club-keys.js';
import { scanTargets } from './redis-client.js';

/**
 * Deletes every key under a club's prefix: its queue, cache, budget, outbox, audit trail and
 * links, and the Slack installations (bot tokens) of its workspaces. For a club that has left the
 * deployment (`npm run club -- remove <id> --purge`). Resolves how many keys (and installations) went.
 */
export async function purgeClubData(
  redis: Redis,
  clubId: string,
  root?: string,
  slackTeams: readonly string[] = [],
): Promise<number> {
  const pattern = everyKeyUnder(clubPrefix(clubId, root));
  let deleted = 0;
  for (const team of slackTeams) {
    deleted += await redis.hdel(registryKeys(root).slackInstallations, team);
  }
  for (const node of scanTargets(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      // One key at a time: on a cluster a multi-key DEL must stay within a slot, and these do.
      for (const key of keys) deleted += await node.unlink(key);
    } while (cursor !== '0');
  }
  return deleted;
}
