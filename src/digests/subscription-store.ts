import { createHash, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ChatUser, Platform } from '../core/chat-user.js';
import type { SealedKind, SealedPlace, Sealer } from '../redis/sealer.js';
import type { DigestKind } from './digest-kinds.js';
import type { DigestSchedule } from './digest-schedule.js';
import { clubKeys } from '../redis/club-keys.js';
import { readStoredJson } from '../redis/stored-json.js';
import type { z } from 'zod';
import { chatUserSchema } from '../core/core-schemas.js';
import { digestLogEntrySchema, digestStateSchema, subscriptionSchema } from './digest-schemas.js';

/** One digest someone added: what, when, where, and who. Plain JSON, sealed in Redis. */
export interface Subscription {
  /** Short, for people to type (`/digest remove k3f9q`). */
  id: string;
  kind: DigestKind;
  schedule: DigestSchedule;
  platform: Platform;
  /** The channel it posts in (channel kinds); the console's conversation. */
  channelId?: string;
  /** The channel's name when it was added, for showing ("#juniors"). */
  channelName?: string;
  teamId?: string;
  /** Who added it, as their platform knows them (their email too): checked again at send time. */
  addedBy: ChatUser;
  addedByMember?: string;
  addedAt: number;
}

/** What a digest remembers between runs, for "since the last run". */
export interface DigestState {
  /** The occurrence (epoch ms) last run. Undefined: the next run is the first. */
  lastOccurrence?: number;
  /** Guids of the records the last run saw, so the next one can tell the new ones. */
  seen?: string[];
}

/** Who added or removed what: chat user ids and subscription ids only. */
export interface DigestLogEntry {
  at: number;
  action: 'added' | 'removed' | 'gone';
  id: string;
  kind: DigestKind;
  /** "slack:U123"; "bot" when the bot dropped it (its channel is gone). */
  by: string;
  byMember?: string;
}

export interface SubscriptionStore {
  /** Stores a new subscription under a fresh short id. */
  add(subscription: Omit<Subscription, 'id'>): Promise<Subscription>;
  get(id: string): Promise<Subscription | undefined>;
  list(): Promise<Subscription[]>;
  /** Removes it and its state; undefined when it was not there (so only one remover logs it). */
  remove(id: string): Promise<Subscription | undefined>;
  state(id: string): Promise<DigestState>;
  saveState(id: string, state: DigestState): Promise<void>;
  log(entry: DigestLogEntry): Promise<void>;
  /** Newest first. */
  readLog(limit?: number): Promise<DigestLogEntry[]>;
  /** Keeps a person the bot may send welfare digests to (each is checked at send time). */
  remember(user: ChatUser): Promise<void>;
  /** The people kept on a platform. */
  people(platform: Platform): Promise<ChatUser[]>;
}

/** Ids are typed by people: no vowels (no words), no look-alikes. */
const idLetters = 'bcdfghjkmnpqrstvwxz23456789';

/**
 * Subscriptions in Redis. Keys and fields hold opaque ids only (a person is a hash of their chat
 * id); every value is sealed, as it names people and places.
 */
export function createSubscriptionStore(
  redis: Redis,
  prefix: string,
  sealer: Sealer,
): SubscriptionStore {
  const keys = clubKeys(prefix).digests;
  // Each value opens only in its own field; one that does not is as if it were not there.
  const at = (kind: SealedKind, key: string, field: string) => ({ kind, key, field });
  const subscriptionAt = (id: string) => at('digest-subscription', keys.subscriptions, id);
  const open = <T>(text: string | null | undefined, place: SealedPlace, schema: z.ZodType<T>) =>
    sealer.openJsonOrAbsent(text || undefined, place, schema);
  const personKey = (user: ChatUser) =>
    createHash('sha256').update(`${user.platform}:${user.userId}`).digest('hex').slice(0, 24);

  return {
    async add(fields) {
      for (;;) {
        const id = Array.from({ length: 5 }, () => idLetters[randomInt(idLetters.length)]).join('');
        const subscription: Subscription = { id, ...fields };
        if (
          await redis.hsetnx(
            keys.subscriptions,
            id,
            sealer.sealJson(subscription, subscriptionAt(id)),
          )
        ) {
          return subscription;
        }
      }
    },
    async get(id) {
      return open(await redis.hget(keys.subscriptions, id), subscriptionAt(id), subscriptionSchema);
    },
    async list() {
      const all = await redis.hgetall(keys.subscriptions);
      return Object.entries(all).flatMap(
        ([id, text]) => open(text, subscriptionAt(id), subscriptionSchema) ?? [],
      );
    },
    async remove(id) {
      const found = await redis.hget(keys.subscriptions, id);
      const [[, removed] = []] =
        (await redis.multi().hdel(keys.subscriptions, id).hdel(keys.state, id).exec()) ?? [];
      return removed === 1 ? open(found, subscriptionAt(id), subscriptionSchema) : undefined;
    },
    async state(id) {
      const place = at('digest-state', keys.state, id);
      return open(await redis.hget(keys.state, id), place, digestStateSchema) ?? {};
    },
    async saveState(id, state) {
      await redis.hset(keys.state, id, sealer.sealJson(state, at('digest-state', keys.state, id)));
    },
    async log(entry) {
      await redis.xadd(keys.log, 'MAXLEN', '~', 10_000, '*', 'entry', JSON.stringify(entry));
    },
    async readLog(limit = 50) {
      const entries = await redis.xrevrange(keys.log, '+', '-', 'COUNT', limit);
      return entries.flatMap(([, fields]) => readStoredJson(fields[1], digestLogEntrySchema) ?? []);
    },
    async remember(user) {
      const field = personKey(user);
      const place = at('digest-people', keys.people, field);
      await redis.hset(keys.people, field, sealer.sealJson(user, place));
    },
    async people(platform) {
      const all = await redis.hgetall(keys.people);
      return Object.entries(all)
        .flatMap(
          ([field, text]) =>
            open(text, at('digest-people', keys.people, field), chatUserSchema) ?? [],
        )
        .filter((u) => u.platform === platform);
    },
  };
}
