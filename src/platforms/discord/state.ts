import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** What a button refers to by id, kept in Redis because a custom id holds 100 characters. */
export type StateKind = 'reopen' | 'pages' | 'post' | 'follow-up';

/**
 * Short-lived state behind buttons: typed form values for "Reopen the form", the pages of a long
 * reply, a reply to re-post, a follow-up command too long for its button. Every entry expires
 * (default 15 minutes), because some hold personal data; a button pressed later says so and asks
 * to run the command again.
 */
export interface InteractionState {
  /** A fresh random id (a custom id needs it before the state is stored). */
  newId(): string;
  put(kind: StateKind, id: string, value: unknown, ttlMs?: number): Promise<void>;
  get<T>(kind: StateKind, id: string): Promise<T | undefined>;
}

/** How long button state is kept: the life of an interaction token. */
export const defaultStateTtlMs = 15 * 60_000;

export function createInteractionState(redis: Redis, prefix: string): InteractionState {
  const key = (kind: StateKind, id: string) => `${prefix}:discord:${kind}:${id}`;
  return {
    newId: () => randomBytes(12).toString('base64url'),
    async put(kind, id, value, ttlMs = defaultStateTtlMs) {
      await redis.set(key(kind, id), JSON.stringify(value), 'PX', ttlMs);
    },
    async get<T>(kind: StateKind, id: string) {
      const text = await redis.get(key(kind, id));
      return text === null ? undefined : (JSON.parse(text) as T);
    },
  };
}
