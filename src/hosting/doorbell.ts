import type { Redis } from 'ioredis';
import { blmpopReply } from '../redis/command-replies.js';

/**
 * A doorbell: after putting work in a club's queue (or a reply in its outbox) a process pushes
 * the club's id to a list that the other side blocks on, one blocking connection per process
 * whatever the number of clubs. On a Redis Cluster a blocking read of many clubs' keys at once
 * would be cross-slot; one list is not. A ring may be lost (a crash in between): each side also
 * sweeps every club now and then.
 */
export interface Doorbell {
  ring(clubId: string): Promise<void>;
}

/** The longest the list grows while nobody listens: a ring only says "look at this club". */
const maxRings = 10_000;

export function createDoorbell(redis: Redis, key: string): Doorbell {
  return {
    async ring(clubId) {
      await redis
        .multi()
        .lpush(key, clubId)
        .ltrim(key, 0, maxRings - 1)
        .exec();
    },
  };
}

/**
 * Waits up to `timeoutSeconds` on `reader` (a connection of its own: it blocks) for rings, and
 * resolves the club ids rung, each once (empty when the time ran out).
 */
export async function waitForRings(
  reader: Redis,
  key: string,
  timeoutSeconds: number,
): Promise<string[]> {
  const popped = blmpopReply.parse(
    await reader.blmpop(timeoutSeconds, 1, key, 'LEFT', 'COUNT', 500),
  );
  return [...new Set(popped?.[1] ?? [])];
}
