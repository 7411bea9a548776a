import type { Redis } from 'ioredis';
import { RedisScript } from '../redis/redis-script.js';
import type { registryKeys } from '../redis/club-keys.js';
import { parseClubRecord, type ClubRecord } from './club-record.js';
import type { Invites } from './invites.js';

/** What a claim of a Slack workspace came to. */
export type SlackTeamClaim =
  | { ok: true; club: ClubRecord }
  | { ok: false; reason: 'taken'; owner: string }
  | { ok: false; reason: 'code' };

/**
 * Checks the owner, consumes the code and adds the team in one step, provided the club's record
 * and the code are as read. KEYS: records, slack teams, invites, version. ARGV: team, club,
 * record as read, new record, invite field, invite as read. Returns 'ok', 'taken:<club>', 'code'
 * or 'stale' (the record changed since it was read: read again).
 */
const claimScript = new RedisScript(`
local owner = redis.call('HGET', KEYS[2], ARGV[1])
if owner then return 'taken:' .. owner end
if redis.call('HGET', KEYS[3], ARGV[5]) ~= ARGV[6] then return 'code' end
if redis.call('HGET', KEYS[1], ARGV[2]) ~= ARGV[3] then return 'stale' end
redis.call('HDEL', KEYS[3], ARGV[5])
redis.call('HSET', KEYS[1], ARGV[2], ARGV[4])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('INCR', KEYS[4])
return 'ok'`);

/**
 * Takes a team off its club in one step, provided the record is as read. KEYS as
 * {@link claimScript}. ARGV: team, club, record as read, new record. Returns 'ok' or 'stale'.
 */
const releaseScript = new RedisScript(`
if redis.call('HGET', KEYS[1], ARGV[2]) ~= ARGV[3] then return 'stale' end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[4])
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[2], ARGV[1]) end
redis.call('INCR', KEYS[4])
return 'ok'`);

/** The registry's insides a claim works with: its keys and how it reads and writes a record. */
export interface ClaimDeps {
  redis: Redis;
  keys: ReturnType<typeof registryKeys>;
  encode(record: ClubRecord): string;
  decode(id: string, text: string): ClubRecord;
  invites: Invites;
}

/** Tries before giving up when the club's record keeps changing under the claim. */
const maxRounds = 5;

/** Connects `teamId` to the club the one-time `code` is for, atomically (see {@link claimScript}). */
export async function claimSlackTeam(
  deps: ClaimDeps,
  teamId: string,
  code: string,
): Promise<SlackTeamClaim> {
  const { redis, keys } = deps;
  const scriptKeys = [keys.records, keys.slackTeams, keys.invites, keys.version];
  for (let round = 0; round < maxRounds; round += 1) {
    const owner = await redis.hget(keys.slackTeams, teamId);
    if (owner !== null) return { ok: false, reason: 'taken', owner };
    const invite = await deps.invites.find(code);
    const read = invite ? await redis.hget(keys.records, invite.clubId) : null;
    if (!invite || read === null) return { ok: false, reason: 'code' };
    const current = deps.decode(invite.clubId, read);
    const next = parseClubRecord({ ...current, slackTeams: [...current.slackTeams, teamId] });
    const outcome = String(
      await claimScript.run(redis, scriptKeys, [
        teamId,
        invite.clubId,
        read,
        deps.encode(next),
        invite.field,
        invite.stored,
      ]),
    );
    if (outcome === 'ok') return { ok: true, club: next };
    if (outcome === 'code') return { ok: false, reason: 'code' };
    if (outcome.startsWith('taken:'))
      return { ok: false, reason: 'taken', owner: outcome.slice(6) };
  }
  throw new Error(`the club's record changed ${maxRounds} times during a Slack claim`);
}

/** Takes `teamId` off its club, if any, atomically; resolves the club it was taken from. */
export async function releaseSlackTeam(
  deps: Omit<ClaimDeps, 'invites'>,
  teamId: string,
): Promise<string | undefined> {
  const { redis, keys } = deps;
  const scriptKeys = [keys.records, keys.slackTeams, keys.invites, keys.version];
  for (let round = 0; round < maxRounds; round += 1) {
    const owner = await redis.hget(keys.slackTeams, teamId);
    const read = owner === null ? null : await redis.hget(keys.records, owner);
    if (owner === null || read === null) return undefined;
    const current = deps.decode(owner, read);
    const next = { ...current, slackTeams: current.slackTeams.filter((team) => team !== teamId) };
    const outcome = await releaseScript.run(redis, scriptKeys, [
      teamId,
      owner,
      read,
      deps.encode(next),
    ]);
    if (outcome === 'ok') return owner;
  }
  throw new Error(`the club's record changed ${maxRounds} times while a Slack team was released`);
}
