import { createHash, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisScript } from '../redis/redis-script.js';
import type { Sealer } from '../redis/sealer.js';
import { z } from 'zod';

/** An invite as it is sealed in its field: the club it admits to, until when (epoch ms). */
const inviteSchema = z.object({ club: z.string(), expiresAt: z.number() });

/**
 * One-time codes an operator gives a club's admin to finish connecting their Slack workspace
 * (`npm run club -- invite <id>`). Only a digest of each code is kept, and what it is for (club,
 * expiry) is sealed to that digest's field: an invite written or moved in Redis does not redeem.
 */
export interface Invites {
  /** A new code for the club, valid for `validMs` (default: 7 days). */
  create(clubId: string, validMs?: number): Promise<string>;
  /** The club the code was for, once: the code is gone after. Undefined when unknown or expired. */
  redeem(code: string): Promise<string | undefined>;
  /**
   * The club of a valid code without using it, with the field and stored value that a step
   * consuming it atomically compares (see `claim-slack-team.ts`). Undefined when unknown or expired.
   */
  find(code: string): Promise<{ clubId: string; field: string; stored: string } | undefined>;
}

/** Letters and digits that cannot be mistaken for each other when read out or typed. */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Takes the invite read, once. KEYS: invites. ARGV: digest, the sealed text read. Returns 1 or 0. */
const takeScript = new RedisScript(`
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1`);

export function createInvites(
  redis: Redis,
  key: string,
  sealer: Sealer,
  now: () => number = Date.now,
): Invites {
  const at = (digest: string) => ({ kind: 'invite' as const, key, field: digest });
  return {
    async create(clubId, validMs = 7 * 24 * 3_600_000) {
      const groups = Array.from({ length: 3 }, () =>
        Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
      );
      const code = groups.join('-');
      const digest = digestOf(code);
      const invite = sealer.sealJson({ club: clubId, expiresAt: now() + validMs }, at(digest));
      await redis.hset(key, digest, invite);
      return code;
    },
    async redeem(code) {
      const digest = digestOf(code);
      const text = await redis.hget(key, digest);
      if (text === null) return undefined;
      // Used or not, it is taken: a code works once, and a forged one is gone after its try.
      if ((await takeScript.run(redis, [key], [digest, text])) !== 1) return undefined;
      const invite = sealer.openJsonOrAbsent(text, at(digest), inviteSchema);
      return invite && invite.expiresAt >= now() ? invite.club : undefined;
    },
    async find(code) {
      const field = digestOf(code);
      const stored = await redis.hget(key, field);
      if (stored === null) return undefined;
      const invite = sealer.openJsonOrAbsent(stored, at(field), inviteSchema);
      if (!invite || invite.expiresAt < now()) return undefined;
      return { clubId: invite.club, field, stored };
    },
  };
}

/** Spaces, dashes and case do not matter when a person types the code back. */
function digestOf(code: string): string {
  const normalised = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}
