import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkClubToken } from '../../src/hosting/check-club-token.js';
import { runClubCommand } from '../../src/hosting/club-commands.js';
import { clubPrefix, registryKeys } from '../../src/redis/club-keys.js';
import { createClubRegistry, type ClubRegistry } from '../../src/hosting/club-registry.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { testSealer } from '../support/data-key.js';
import { connectionsClosedAfterAll, uniquePrefix } from '../support/redis.js';

const token = 'cli-club-token-19ab';

describe('npm run club', () => {
  const connect = connectionsClosedAfterAll();
  const redis = connect();
  let simulator: RunningSimulator;
  let root: string;
  let registry: ClubRegistry;
  let printed: string[];
  let installFlow = true;
  const run = (...args: string[]) => {
    printed = [];
    return runClubCommand(args, {
      installFlow,
      registry,
      redis,
      root,
      checkToken: checkClubToken,
      readFile: (path) => readFileSync(path, 'utf8'),
      print: (line) => printed.push(line),
    });
  };
  const policyDir = mkdtempSync(join(tmpdir(), 'club-policy-'));
  /** Adds a club on the simulator's account whose Slack workspace is T0SWANS. */
  const addOnSwansWorkspace = (id: string, name: string) =>
    run(
      'add',
      id,
      '--name',
      name,
      '--url',
      simulator.url,
      '--token',
      token,
      '--slack-teams',
      'T0SWANS',
    );
  const addSwans = () => addOnSwansWorkspace('swans', 'Swan Lake SC');

  beforeAll(async () => {
    simulator = await startSimulator({ token, members: 20 });
  });
  afterAll(() => simulator.stop());
  const fresh = () => {
    root = uniquePrefix('cli');
    registry = createClubRegistry(redis, testSealer, { root });
  };

  it('when a club is added with a token the service accepts, it is listed and shown, its token never', async () => {
    fresh();
    expect(await addSwans()).toBe(0);
    expect(await run('list')).toBe(0);
    expect(printed.join('\n')).toContain('swans\tSwan Lake SC');
    expect(await run('show', 'swans')).toBe(0);
    expect(printed.join('\n')).toContain('slack-teams     T0SWANS');
    expect(printed.join('\n')).not.toContain(token);
  });

  it('when the token is stored, Redis holds it sealed', async () => {
    fresh();
    await addSwans();
    const stored = await redis.hget(registryKeys(root).records, 'swans');
    expect(stored).not.toContain(token);
    expect((await registry.get('swans'))?.token).toBe(token);
  });

  it('when the service answers 401 to the token, add refuses and saves nothing', async () => {
    fresh();
    const code = await run(
      'add',
      'otters',
      '--name',
      'Otters',
      '--url',
      simulator.url,
      '--token',
      'wrong',
    );
    expect(code).toBe(1);
    expect(printed.join('\n')).toContain('refused the token (401)');
    expect(await registry.list()).toEqual([]);
  });

  it('when the check makes its one call, the simulator counts exactly one', async () => {
    fresh();
    const before = simulator.admin.calls().total;
    await addSwans();
    expect(simulator.admin.calls().total - before).toBe(1);
  });

  it('when a Slack workspace is already another club’s, add refuses it', async () => {
    fresh();
    await addSwans();
    const code = await addOnSwansWorkspace('geese', 'Geese');
    expect(code).toBe(1);
    expect(printed.join('\n')).toContain('T0SWANS is already the club "swans"');
  });

  it('when a field is set, the record changes and the mappings follow', async () => {
    fresh();
    await addSwans();
    expect(await run('set', 'swans', 'daily-limit', '1200')).toBe(0);
    expect(await run('set', 'swans', 'slack-teams', 'T0NEW')).toBe(0);
    expect(await run('set', 'swans', 'discord-guilds', '1234567890')).toBe(0);
    expect((await registry.get('swans'))?.dailyLimit).toBe(1200);
    expect(await registry.clubOfSlackTeam('T0SWANS')).toBeUndefined();
    expect(await registry.clubOfSlackTeam('T0NEW')).toBe('swans');
    expect(await registry.clubOfDiscordGuild('1234567890')).toBe('swans');
  });

  it('when a time zone or limit is malformed, set refuses it and names the field', async () => {
    fresh();
    await addSwans();
    expect(await run('set', 'swans', 'timezone', 'Mars/Olympus')).toBe(1);
    expect(printed.join('\n')).toContain('timezone');
    expect(await run('set', 'swans', 'daily-limit', 'lots')).toBe(1);
    expect((await registry.get('swans'))?.timezone).toBe('Europe/London');
  });

  it('when a policy file is set, it is checked and kept; a broken one is refused', async () => {
    fresh();
    await addSwans();
    const good = join(policyDir, 'good.yaml');
    writeFileSync(good, 'commands:\n  quota: [admin, welfare]\n');
    expect(await run('set', 'swans', 'policy', good)).toBe(0);
    expect((await registry.get('swans'))?.policy).toContain('quota');
    const bad = join(policyDir, 'bad.yaml');
    writeFileSync(bad, 'grant:\n  - user: U1\n    roles: [wizard]\n');
    expect(await run('set', 'swans', 'policy', bad)).toBe(1);
  });

  it('when a club is removed with --purge, its keys and its workspace’s installation go and other clubs keep theirs', async () => {
    fresh();
    await addSwans();
    const installations = registryKeys(root).slackInstallations;
    await redis.set(`${clubPrefix('swans', root)}:cache:members`, 'x');
    await redis.set(`${clubPrefix('swansea', root)}:cache:members`, 'y');
    await redis.hset(installations, 'T0SWANS', 'sealed', 'T0OTHER', 'sealed');
    expect(await run('remove', 'swans', '--purge')).toBe(0);
    expect(printed.join('\n')).toContain('Deleted 2 keys');
    expect(await redis.hkeys(installations)).toEqual(['T0OTHER']);
    expect(await registry.get('swans')).toBeUndefined();
    expect(await registry.clubOfSlackTeam('T0SWANS')).toBeUndefined();
    expect(await redis.get(`${clubPrefix('swansea', root)}:cache:members`)).toBe('y');
  });

  it('when an invite is made, its code works once', async () => {
    fresh();
    await addSwans();
    expect(await run('invite', 'swans')).toBe(0);
    const code = /code for Swan Lake SC: (\S+)/.exec(printed.join('\n'))?.[1] ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await registry.invites.redeem(code.toLowerCase())).toBe('swans');
    expect(await registry.invites.redeem(code)).toBeUndefined();
  });

  it('when the install flow is off, invite refuses, says why and what to set, and makes no code', async () => {
    fresh();
    await addSwans();
    installFlow = false;
    try {
      expect(await run('invite', 'swans')).toBe(1);
    } finally {
      installFlow = true;
    }
    expect(printed.join('\n')).toMatch(
      /^club: Slack's install flow is off \(SLACK_CLIENT_ID and SLACK_CLIENT_SECRET are not set\).*no code made/,
    );
    expect(await redis.keys(`${root}*invite*`)).toEqual([]);
  });

  it('when the command is unknown, the usage is printed with exit code 2', async () => {
    fresh();
    expect(await run('frobnicate')).toBe(2);
    expect(printed.join('\n')).toContain('Usage: club-bot club');
  });
});
