import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonShareSpentError } from '../../src/budget/person-share.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { openClubDirectory, type ClubDirectory } from '../../src/hosting/club-directory.js';
import { parseClubRecord } from '../../src/hosting/club-record.js';
import { createClubRegistry, type ClubRegistry } from '../../src/hosting/club-registry.js';
import { runClubCommand } from '../../src/hosting/club-commands.js';
import { loadProcessConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey, testSealer } from '../support/data-key.js';
import { testRedisUrl, uniquePrefix } from '../support/redis.js';

/*
 * Two clubs on one simulator, each with a daily limit of 100. The host's environment gives one
 * person 5% of it and 20 forms; the club "strict" says 3% and 2 forms in its record.
 */
let simulator: RunningSimulator;
let redis: Redis;
let directory: ClubDirectory;
let registry: ClubRegistry;
const someone: ChatUser = { platform: 'console', userId: 'same-person' };

beforeAll(async () => {
  simulator = await startSimulator({ token: 'share-token', members: 20 });
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const root = uniquePrefix('share-host');
  registry = createClubRegistry(redis, testSealer, { root });
  const club = { apiUrl: simulator.url, layout: 'spec', token: 'share-token', dailyLimit: 100 };
  await registry.add(
    parseClubRecord({
      ...club,
      id: 'strict',
      name: 'Strict',
      personDailyShare: '3%',
      personDailyForms: 2,
    }),
  );
  await registry.add(parseClubRecord({ ...club, id: 'plain', name: 'Plain' }));
  directory = await openClubDirectory({
    registry,
    config: loadProcessConfig({
      REDIS_URL: testRedisUrl(),
      CLUB_DATA_KEY: testDataKey,
      CLUB_PERSON_DAILY_SHARE: '5%',
      CLUB_PERSON_DAILY_FORMS: '20',
    }),
    connections: { redis, queueConnection: redis },
    logger: createLogger({ level: 'silent' }),
    root,
  });
});
afterAll(async () => {
  await directory?.close();
  await redis?.quit();
  await simulator?.stop();
});

/** Cold reads of members' confidential details by `someone` in `clubId` until one is refused. */
async function readsAllowed(clubId: string): Promise<number> {
  const data = directory.club(clubId)!.dataFor(someone);
  const guids = simulator.admin.records('users').map((user) => String(user.Guid));
  for (const [index, guid] of guids.entries()) {
    const read = await data.memberSensitive(guid).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (read instanceof PersonShareSpentError) return index;
    if (read) throw read;
  }
  throw new Error('every read was answered');
}

describe("a person's share in a hosting deployment", () => {
  it("when a club's record sets a share, it holds there, and the host's value holds elsewhere", async () => {
    expect(await readsAllowed('strict')).toBe(3);
    expect(await readsAllowed('plain')).toBe(5);
  });

  it("when a person has used their forms in one club, another club's forms are still theirs", async () => {
    const strict = directory.club('strict')!.formsShare;
    await strict(someone, 'first');
    await strict(someone, 'second');
    await expect(strict(someone, 'third')).rejects.toThrow(PersonShareSpentError);
    await directory.club('plain')!.formsShare(someone, 'first');
  });

  it("when `club set <id> person-share` is run, the record holds the percentage, and an empty value gives the host's back", async () => {
    const printed: string[] = [];
    const set = (value: string) =>
      runClubCommand(['set', 'plain', 'person-share', value], {
        installFlow: false,
        registry,
        redis,
        checkToken: () => Promise.reject(new Error('no token check for a share')),
        readFile: () => '',
        print: (line) => printed.push(line),
      });
    expect(await set('4%')).toBe(0);
    expect((await registry.get('plain'))?.personDailyShare).toBe(4);
    expect(await set('lots')).toBe(1);
    expect(printed.at(-1)).toContain('a percentage such as 2%');
    expect(await set('')).toBe(0);
    expect((await registry.get('plain'))?.personDailyShare).toBeUndefined();
  });
});
