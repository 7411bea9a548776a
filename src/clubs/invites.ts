import { createHash, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisScript } from '../redis/redis-script.js';

/**
 * One-time codes an operator gives a club's admin to finish connecting their Slack workspace
 * (`npm run club -- invite <id>`). Only a digest of each code is kept.
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

/** KEYS: invites. ARGV: digest, now. Returns the club id, or false. */
const redeemScript = new RedisScript(`
local text = redis.call('HGET', KEYS[1], ARGV[1])
if not text then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
local invite = cjson.decode(text)
if tonumber(invite.expiresAt) < tonumber(ARGV[2]) then return false end
return invite.club`);

export function createInvites(redis: Redis, key: string, now: () => number = Date.now): Invites {
  return {
    async create(clubId, validMs = 7 * 24 * 3_600_000) {
      const groups = Array.from({ length: 3 }, () =>
        Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
      );
      const code = groups.join('-');
      const invite = JSON.stringify({ club: clubId, expiresAt: now() + validMs });
      await redis.hset(key, digestOf(code), invite);
      return code;
    },
    async redeem(code) {
      const club = await redeemScript.run(redis, [key], [digestOf(code), now()]);
      return typeof club === 'string' ? club : undefined;
    },
    async find(code) {
      const field = digestOf(code);
      const stored = await redis.hget(key, field);
      if (stored === null) return undefined;
      const invite = JSON.parse(stored) as { club?: unknown; expiresAt?: unknown };
      if (typeof invite.club !== 'string' || Number(invite.expiresAt) < now()) return undefined;
      return { clubId: invite.club, field, stored };
    },
  };
}

/** Spaces, dashes and case do not matter when a person types the code back. */
function digestOf(code: string): string {
  const normalised = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}
