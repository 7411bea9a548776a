import type { Redis } from 'ioredis';
import { dataFormatKey } from '../redis/data-format-marker.js';
import { defaultRoot } from './club-keys.js';
import { scanTargets } from './redis-client.js';

/**
 * A key of the club the environment describes, if Redis holds any: its keys start with the root
 * (`club-bot:`, or `{club-bot}:` on a Redis Cluster) but not with `club-bot:{`, where the
 * registry, the doorbells and the registry's clubs live. The data format's marker alone is not
 * the club's data. Asked before the registry's first club is added, when nothing else is there.
 */
export async function environmentClubKey(
  redis: Redis,
  root = defaultRoot,
): Promise<string | undefined> {
  const marker = (prefix: string) => dataFormatKey({ mode: 'single', prefix });
  for (const prefix of [root, `{${root}}`]) {
    const pattern = `${prefix.replace(/[\\*?[\]{}]/g, '\\$&')}:*`;
    for (const node of scanTargets(redis)) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        const found = keys.find((key) => !key.startsWith(`${root}:{`) && key !== marker(prefix));
        if (found) return found;
      } while (cursor !== '0');
    }
  }
  return undefined;
}

/** Why the registry's first club is refused while the environment's club has data. */
export function environmentClubRefusal(key: string): string {
  return [
    `Redis holds the data of the club this deployment's environment describes (${key}, with its links, audit trail, digests and queue).`,
    'Once the registry holds a club, the bot serves the registry’s clubs only, and that data would be left behind.',
    'Keep serving that club from the environment, or give the new club a deployment of its own (another Redis, or another database of it in REDIS_URL).',
    'Moving the environment’s club into the registry is not available yet (docs/hosting.md).',
  ].join(' ');
}
