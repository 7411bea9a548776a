import type { Redis } from 'ioredis';
import { blmpopReply } from '../redis/redis-script.js';

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

/**
 * The clubs with work, in turn: a club served moves to the back, so each club with work gets a
 * job started before any club gets a second (max-min fairness across clubs).
 */
export class RoundRobin {
  // A Map keeps insertion order, and deleting then setting again moves a key to the back.
  private readonly order = new Map<string, true>();

  add(id: string): void {
    if (!this.order.has(id)) this.order.set(id, true);
  }

  /** Sends a club that was just served to the back. */
  served(id: string): void {
    this.order.delete(id);
    this.order.set(id, true);
  }

  remove(id: string): void {
    this.order.delete(id);
  }

  has(id: string): boolean {
    return this.order.has(id);
  }

  get size(): number {
    return this.order.size;
  }

  /** The clubs, next to serve first (a copy: serving them reorders). */
  turns(): string[] {
    return [...this.order.keys()];
  }
}

/**
 * A wake-up that is not lost: `notify` before `wait` makes the next `wait` return at once.
 * One waiter at a time (the pool's loop).
 */
export class Signal {
  private pending = false;
  private resolve: (() => void) | undefined;

  notify(): void {
    if (this.resolve) {
      const resolve = this.resolve;
      this.resolve = undefined;
      resolve();
    } else {
      this.pending = true;
    }
  }

  wait(): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.resolve = resolve));
  }
}
