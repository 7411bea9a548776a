import type { Redis } from 'ioredis';
import { RedisScript } from '../redis/redis-script.js';
import type { Sealer } from '../redis/sealer.js';
import { registryKeys } from '../redis/club-keys.js';
import { parseClubRecord, type ClubRecord } from './club-record.js';
import { createInvites, type Invites } from './invites.js';
import { claimSlackTeam, releaseSlackTeam, type SlackTeamClaim } from './claim-slack-team.js';
import { openClubRecord, sealClubRecord } from './sealed-club-record.js';

/** A change the registry refused: an id taken, a workspace or server of another club. */
export class ClubRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClubRegistryError';
  }
}

/**
 * The clubs of a hosting deployment, in Redis. Each record is sealed whole with the data key to its
 * club's field, so a record changed or moved in Redis is refused ({@link ClubRecordRefusedError})
 * and none of it used; a Slack team or Discord guild belongs to one club at most, and a mapping
 * counts only when the club's sealed record names the team or guild too. Every change counts up a version, which running
 * processes watch to reload.
 */
export interface ClubRegistry {
  /** Every club; throws {@link ClubRecordRefusedError} naming the first club whose record fails. */
  list(): Promise<ClubRecord[]>;
  /** Throws {@link ClubRecordRefusedError} when the club's record fails its check. */
  get(id: string): Promise<ClubRecord | undefined>;
  /** Stores a new club; throws {@link ClubRegistryError} when its id or a chat id is taken. */
  add(record: ClubRecord): Promise<ClubRecord>;
  /** Replaces a club's record (its id stays); throws when it is not there or a chat id is taken. */
  update(id: string, change: Partial<Omit<ClubRecord, 'id'>>): Promise<ClubRecord>;
  /** Whether it was there. Its data under its prefix is left for `purge`. */
  remove(id: string): Promise<boolean>;
  clubOfSlackTeam(teamId: string): Promise<string | undefined>;
  clubOfDiscordGuild(guildId: string): Promise<string | undefined>;
  /** Counts changes; 0 for a registry never written. */
  version(): Promise<number>;
  invites: Invites;
  /** Checks the owner, consumes the code and adds the Slack team to its club, in one step. */
  claimSlackTeam(teamId: string, code: string): Promise<SlackTeamClaim>;
  /** Takes the Slack team off its club (uninstalled); resolves that club's id, if any. */
  releaseSlackTeam(teamId: string): Promise<string | undefined>;
}

/**
 * Writes a record and its chat mappings in one step. KEYS: records, slack teams, discord guilds,
 * version. ARGV: id, record JSON, 'add' or 'update', slack count, slack ids…, discord ids….
 * Returns 'ok', or a reason: 'exists', 'missing', 'slack:<team>:<club>', 'discord:<guild>:<club>'.
 */
const saveScript = new RedisScript(`
local id, mode = ARGV[1], ARGV[3]
local present = redis.call('HEXISTS', KEYS[1], id) == 1
if mode == 'add' and present then return 'exists' end
if mode == 'update' and not present then return 'missing' end
local slackCount = tonumber(ARGV[4])
for i = 5, #ARGV do
  local map, kind = KEYS[3], 'discord'
  if i < 5 + slackCount then map, kind = KEYS[2], 'slack' end
  local owner = redis.call('HGET', map, ARGV[i])
  if owner and owner ~= id then return kind .. ':' .. ARGV[i] .. ':' .. owner end
end
for _, map in ipairs({KEYS[2], KEYS[3]}) do
  local pairs = redis.call('HGETALL', map)
  for i = 1, #pairs, 2 do
    if pairs[i + 1] == id then redis.call('HDEL', map, pairs[i]) end
  end
end
for i = 5, #ARGV do
  if i < 5 + slackCount then redis.call('HSET', KEYS[2], ARGV[i], id)
  else redis.call('HSET', KEYS[3], ARGV[i], id) end
end
redis.call('HSET', KEYS[1], id, ARGV[2])
redis.call('INCR', KEYS[4])
return 'ok'`);

/** Removes a record and its mappings. KEYS as {@link saveScript}. ARGV: id. Returns 1 or 0. */
const removeScript = new RedisScript(`
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
for _, map in ipairs({KEYS[2], KEYS[3]}) do
  local pairs = redis.call('HGETALL', map)
  for i = 1, #pairs, 2 do
    if pairs[i + 1] == ARGV[1] then redis.call('HDEL', map, pairs[i]) end
  end
end
redis.call('INCR', KEYS[4])
return 1`);

/** Options for {@link createClubRegistry}. */
export interface ClubRegistryOptions {
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
  now?: () => number;
}

export function createClubRegistry(
  redis: Redis,
  sealer: Sealer,
  options: ClubRegistryOptions = {},
): ClubRegistry {
  const at = registryKeys(options.root);
  const keys = [at.records, at.slackTeams, at.discordGuilds, at.version];
  const encode = (record: ClubRecord) => sealClubRecord(sealer, at.records, record);
  const decode = (id: string, text: string) => openClubRecord(sealer, at.records, id, text);
  /** The club a mapping names, when that club's own record names the chat id too. */
  const mapped = async (
    club: string | null,
    names: (record: ClubRecord) => boolean,
  ): Promise<string | undefined> => {
    const record = club === null ? undefined : await registry.get(club);
    return record && names(record) ? record.id : undefined;
  };

  async function save(record: ClubRecord, mode: 'add' | 'update'): Promise<ClubRecord> {
    const checked = parseClubRecord(record);
    const outcome = String(
      await saveScript.run(redis, keys, [
        checked.id,
        encode(checked),
        mode,
        checked.slackTeams.length,
        ...checked.slackTeams,
        ...checked.discordGuilds,
      ]),
    );
    if (outcome === 'ok') return checked;
    if (outcome === 'exists') throw new ClubRegistryError(`a club "${checked.id}" already exists`);
    if (outcome === 'missing') throw new ClubRegistryError(`there is no club "${checked.id}"`);
    const [kind, chatId, owner] = outcome.split(':');
    const what = kind === 'slack' ? 'Slack workspace' : 'Discord server';
    throw new ClubRegistryError(`the ${what} ${chatId} is already the club "${owner}"'s`);
  }

  const registry: ClubRegistry = {
    async list() {
      const all = await redis.hgetall(at.records);
      return Object.entries(all)
        .map(([id, text]) => decode(id, text))
        .sort((a, b) => a.id.localeCompare(b.id));
    },
    async get(id) {
      const text = await redis.hget(at.records, id);
      return text === null ? undefined : decode(id, text);
    },
    add: (record) => save(record, 'add'),
    async update(id, change) {
      const current = await registry.get(id);
      if (!current) throw new ClubRegistryError(`there is no club "${id}"`);
      return save({ ...current, ...change, id }, 'update');
    },
    async remove(id) {
      return (await removeScript.run(redis, keys, [id])) === 1;
    },
    async clubOfSlackTeam(teamId) {
      const club = await redis.hget(at.slackTeams, teamId);
      return mapped(club, (record) => record.slackTeams.includes(teamId));
    },
    async clubOfDiscordGuild(guildId) {
      const club = await redis.hget(at.discordGuilds, guildId);
      return mapped(club, (record) => record.discordGuilds.includes(guildId));
    },
    async version() {
      return Number((await redis.get(at.version)) ?? 0);
    },
    invites: createInvites(redis, at.invites, sealer, options.now),
    claimSlackTeam: (teamId, code) =>
      claimSlackTeam({ redis, keys: at, encode, decode, invites: registry.invites }, teamId, code),
    releaseSlackTeam: (teamId) => releaseSlackTeam({ redis, keys: at, encode, decode }, teamId),
  };
  return registry;
}
