import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClubServices, type ClubServices } from '../../src/app/club-services.js';
import { checkTokenAtStart } from '../../src/app/check-token-at-start.js';
import { checkHostedTokens } from '../../src/hosting/check-hosted-tokens.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testDataKey } from '../support/data-key.js';
import { connectionsClosedAfterAll, testRedisUrl, uniquePrefix } from '../support/redis.js';

const token = 'start-token-77c1';
const connect = connectionsClosedAfterAll();
let simulator: RunningSimulator;
const opened: ClubServices[] = [];

beforeAll(async () => {
  simulator = await startSimulator({ token, members: 30, seed: 3 });
});
afterAll(async () => {
  await Promise.all(opened.map((services) => services.close()));
  await simulator.stop();
});

/** One club's services on the test Redis under `prefix`, sending `apiToken`. */
function services(prefix: string, apiToken: string): ClubServices {
  const config = loadConfig({
    CLUB_API_URL: simulator.url,
    CLUB_API_TOKEN: apiToken,
    REDIS_URL: testRedisUrl(),
    CLUB_DATA_KEY: testDataKey,
    CLUB_API_TIMEOUT_MS: '2000',
  });
  const made = createClubServices({
    config,
    logger: createLogger({ level: 'silent' }),
    prefix,
    connections: { redis: connect(), queueConnection: connect() },
  });
  opened.push(made);
  return made;
}

describe('the API token, checked at a worker start past the cache', () => {
  it('when the token was revoked after the cache was warmed, the check refuses it all the same, for one call of the budget', async () => {
    const prefix = uniquePrefix('token-start');
    const before = services(prefix, token);
    await Promise.all([before.data.members(), before.data.roles()]);
    const after = services(prefix, 'a-revoked-token');
    // The warm cache still answers: the reason the check must not go through it.
    expect((await after.data.roles()).value.length).toBeGreaterThan(0);
    const used = (await after.budget.state()).used;

    const checked = await checkTokenAtStart(after);

    expect(checked).toEqual({
      kind: 'refused',
      message: expect.stringContaining('The club service rejected the API token (401)') as string,
    });
    expect((await after.budget.state()).used).toBe(used + 1);
  });

  it('when the token is good, it is accepted; when the service does not answer, it is left unchecked', async () => {
    expect(await checkTokenAtStart(services(uniquePrefix('token-start'), token))).toEqual({
      kind: 'accepted',
    });
    const down = createClubServices({
      config: loadConfig({
        CLUB_API_URL: 'http://127.0.0.1:9',
        CLUB_API_TOKEN: token,
        REDIS_URL: testRedisUrl(),
        CLUB_DATA_KEY: testDataKey,
        CLUB_API_TIMEOUT_MS: '500',
      }),
      logger: createLogger({ level: 'silent' }),
      prefix: uniquePrefix('token-start'),
      connections: { redis: connect(), queueConnection: connect() },
    });
    opened.push(down);
    expect(await checkTokenAtStart(down)).toMatchObject({ kind: 'unchecked' });
  });

  it('when a hosting worker starts, a club whose token is refused is named, and the others are not', async () => {
    const clubs = {
      otters: { id: 'otters', services: services(uniquePrefix('otters'), token) },
      pike: { id: 'pike', services: services(uniquePrefix('pike'), 'a-revoked-token') },
    };
    const lines: { level: number; club?: string; msg: string }[] = [];
    const logger = createLogger(
      { level: 'info' },
      {
        write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]),
      },
    );
    const refused = await checkHostedTokens(
      {
        ids: () => Object.keys(clubs),
        club: (id) => clubs[id as keyof typeof clubs] as never,
      },
      logger,
    );
    expect(refused).toEqual(['pike']);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        club: 'pike',
        msg: expect.stringContaining('club-bot club set pike token <new token>') as string,
      }),
    ]);
  });
});
