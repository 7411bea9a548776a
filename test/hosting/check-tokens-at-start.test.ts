import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { ClubSettings } from '../../src/hosting/club-scope.js';
import { checkTokensAtStart } from '../../src/hosting/check-tokens-at-start.js';
import { createLogger } from '../../src/log.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';

const token = 'start-token-77c1';
let simulator: RunningSimulator;

beforeAll(async () => {
  simulator = await startSimulator({ token, members: 30, seed: 3 });
});
afterAll(() => simulator.stop());

/** A club's settings: `record` set for a registry club, unset for the environment's. */
function settings(id: string, apiToken: string, fromRegistry: boolean): ClubSettings {
  return {
    id,
    prefix: `test-${id}`,
    apiUrl: simulator.url,
    layout: 'spec',
    token: apiToken,
    dailyLimit: 5000,
    timezone: 'Europe/London',
    policy: defaultAccessPolicy,
    ...(fromRegistry
      ? {
          record: {
            id,
            name: id,
            apiUrl: simulator.url,
            layout: 'spec' as const,
            token: apiToken,
            dailyLimit: 5000,
            timezone: 'Europe/London',
            slackTeams: [],
            discordGuilds: [],
          },
        }
      : {}),
  };
}

/** A logger whose lines are kept, parsed. */
function keptLines() {
  const lines: { level: number; club?: string; msg: string }[] = [];
  const logger = createLogger(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  );
  return { lines, logger };
}

/** A directory of the given clubs that counts how many scopes were built (it must be none). */
function directoryOf(clubs: ClubSettings[]) {
  return {
    ids: () => clubs.map((club) => club.id),
    settingsOf: (id: string) => clubs.find((club) => club.id === id),
  };
}

describe('the API tokens, checked when a worker starts', () => {
  it('when a registry club’s token is refused, that club is named with the command that fixes it, and the others are not', async () => {
    const { lines, logger } = keptLines();
    const refused = await checkTokensAtStart(
      directoryOf([settings('otters', token, true), settings('pike', 'a-revoked-token', true)]),
      { logger },
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

  it('when the environment’s club’s token is refused, the message names the club details page and CLUB_API_TOKEN', async () => {
    const { lines, logger } = keptLines();
    const refused = await checkTokensAtStart(
      directoryOf([settings('environment', 'a-revoked-token', false)]),
      { logger },
    );
    expect(refused).toEqual(['environment']);
    expect(lines[0]?.msg).toContain('The club service rejected the API token (401)');
    expect(lines[0]?.msg).toContain('set CLUB_API_TOKEN');
  });

  it('when a club’s service does not answer, its token is left unchecked with a warning, not refused', async () => {
    const { lines, logger } = keptLines();
    const down = { ...settings('otters', token, true), apiUrl: 'http://127.0.0.1:9' };
    expect(await checkTokensAtStart(directoryOf([down]), { logger, timeoutMs: 500 })).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'could not check the API token at start' }),
    ]);
  });

  it('when many clubs are checked, no more than eight calls are under way at once', async () => {
    let underWay = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      underWay += 1;
      most = Math.max(most, underWay);
      try {
        return await fetch(input, init);
      } finally {
        underWay -= 1;
      }
    };
    const clubs = Array.from({ length: 20 }, (_, n) => settings(`club-${n}`, token, true));
    const { logger } = keptLines();
    expect(await checkTokensAtStart(directoryOf(clubs), { logger, fetch: counting })).toEqual([]);
    expect(most).toBeLessThanOrEqual(8);
    expect(most).toBeGreaterThan(1);
  });
});
