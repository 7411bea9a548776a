import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../../src/commands/registry.js';
import { commandDefinitions } from '../../../src/platforms/discord/command-definitions.js';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/start-fake-discord.js';

describe('npm run discord:deploy', () => {
  const applicationId = '700000000000000001';
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ applicationId });
  });
  afterAll(() => fake.close());

  function deploy(env: Record<string, string>) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/platforms/discord/deploy-commands.ts'],
        { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('when DISCORD_GUILD_ID is set, it bulk-overwrites that guild’s commands with the registry and says so', async () => {
    const { code, stdout } = await deploy({
      DISCORD_TOKEN: 'deploy-token',
      DISCORD_APPLICATION_ID: applicationId,
      DISCORD_GUILD_ID: '800000000000000001',
      DISCORD_API_URL: fake.apiUrl,
    });
    expect(code).toBe(0);
    const put = fake.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/applications/${applicationId}/guilds/800000000000000001/commands`);
    expect(put?.authorization).toBe('Bot deploy-token');
    expect(put?.body).toEqual(JSON.parse(JSON.stringify(commandDefinitions(registry))));
    expect(stdout).toContain('to guild 800000000000000001');
    expect(stdout).toContain('/incident (new, mine, list, show)');
    expect(stdout).not.toContain('deploy-token');
  }, 30_000);

  it('when no guild is set, it deploys globally', async () => {
    const { code, stdout } = await deploy({
      DISCORD_TOKEN: 'deploy-token',
      DISCORD_APPLICATION_ID: applicationId,
      DISCORD_API_URL: fake.apiUrl,
    });
    expect(code).toBe(0);
    expect(fake.calls.filter((call) => call.method === 'PUT').at(-1)?.path).toBe(
      `/applications/${applicationId}/commands`,
    );
    expect(stdout).toContain('globally');
  }, 30_000);

  it('when Discord refuses the token, it says so without retrying or printing the token, and exits 1', async () => {
    fake.failNext({
      match: (call) => call.method === 'PUT',
      status: 401,
      body: { message: '401: Unauthorized', code: 0 },
    });
    const before = fake.calls.length;
    const { code, stderr } = await deploy({
      DISCORD_TOKEN: 'wrong-token',
      DISCORD_APPLICATION_ID: applicationId,
      DISCORD_API_URL: fake.apiUrl,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('401');
    expect(stderr).not.toContain('wrong-token');
    expect(fake.calls.slice(before).filter((call) => call.method === 'PUT')).toHaveLength(1);
  }, 30_000);

  it('when the token or application id is missing, it names them and exits 2', async () => {
    const { code, stderr } = await deploy({ DISCORD_API_URL: fake.apiUrl });
    expect(code).toBe(2);
    expect(stderr).toContain('DISCORD_TOKEN');
    expect(stderr).toContain('DISCORD_APPLICATION_ID');
  }, 30_000);
});
