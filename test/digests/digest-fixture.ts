import type { Redis } from 'ioredis';
import { createAuditTrail } from '../../src/access/audit-trail.js';
import type { Asker, ChatUser } from '../../src/core/chat-user.js';
import type { ClubData } from '../../src/core/club-data.js';
import type { BotRole } from '../../src/core/roles.js';
import { createReplyOutbox, type OutboxEntry } from '../../src/delivery/reply-outbox.js';
import type { DigestRunnerDeps } from '../../src/digests/run-digest.js';
import {
  createSubscriptionStore,
  type Subscription,
  type SubscriptionStore,
} from '../../src/digests/subscription-store.js';
import { createLogger } from '../../src/log.js';
import { testSealer } from '../support/data-key.js';
import { uniquePrefix } from '../support/redis.js';
import { clubKeys } from '../../src/redis/club-keys.js';

export const london = 'Europe/London';

/** People by chat user id and the roles the club's records give them now (tests change them). */
export type RoleBook = Map<string, BotRole[]>;

/** Everything a runner test needs: real Redis store and outbox, a clock, roles, captured logs. */
export interface DigestFixture {
  prefix: string;
  store: SubscriptionStore;
  roles: RoleBook;
  logs: string[];
  clock: { now: number };
  deps: DigestRunnerDeps;
  /** The replies left in the outbox, oldest first. */
  outbox(): Promise<OutboxEntry[]>;
  add(fields: Partial<Subscription> & Pick<Subscription, 'kind'>): Promise<Subscription>;
}

export function user(userId: string): ChatUser {
  return { platform: 'slack', userId, teamId: 'T1' };
}

export function digestFixture(redis: Redis, data: ClubData, now: number): DigestFixture {
  const prefix = uniquePrefix('digests');
  const store = createSubscriptionStore(redis, prefix, testSealer);
  const roles: RoleBook = new Map();
  const logs: string[] = [];
  const clock = { now };
  const outbox = createReplyOutbox(redis, prefix, testSealer);
  const deps: DigestRunnerDeps = {
    store,
    outbox,
    audit: createAuditTrail({ redis, prefix }),
    data,
    async resolveAsker(chatUser): Promise<Asker> {
      return {
        user: chatUser,
        memberGuid: `member-${chatUser.userId}`,
        roles: ['everyone', ...(roles.get(chatUser.userId) ?? [])],
      };
    },
    dropSchedule: async () => undefined,
    timezone: london,
    now: () => clock.now,
    logger: createLogger({ level: 'info' }, { write: (line: string) => void logs.push(line) }),
  };
  return {
    prefix,
    store,
    roles,
    logs,
    clock,
    deps,
    async outbox() {
      const entries = await redis.xrange(clubKeys(prefix).outbox.stream, '-', '+');
      return entries.flatMap(([, fields]) => outbox.read(fields) ?? []);
    },
    add: (fields) =>
      store.add({
        schedule: { at: '16:00' },
        platform: 'slack',
        channelId: 'C-POOL',
        addedBy: user('U-ADDER'),
        addedAt: now - 86_400_000,
        ...fields,
      }),
  };
}
