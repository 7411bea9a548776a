import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDefinition } from '../../../src/commands/command.js';
import { registry } from '../../../src/commands/registry.js';
import {
  CommandDefinitionError,
  commandDefinitions,
  registryCommandName,
} from '../../../src/platforms/discord/command-definitions.js';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/start-fake-discord.js';

interface DeployedOption {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  choices?: { name: string; value: string }[];
  autocomplete?: boolean;
  options?: DeployedOption[];
}

const deployed = commandDefinitions(registry) as unknown as (DeployedOption & {
  contexts: number[];
})[];

/** The deployed options of a registry command: the top level's, or its subcommand's. */
function deployedOptionsOf(name: string): DeployedOption[] | undefined {
  const [base, sub] = name.split(' ');
  const top = deployed.find((command) => command.name === base);
  const family = top?.options?.some((option) => option.type === 1);
  if (!sub && !family) return top?.options;
  const wanted = sub ?? 'show';
  return top?.options?.find((option) => option.type === 1 && option.name === wanted)?.options;
}

describe('Discord command definitions, generated from the registry', () => {
  it('when deployed, every registry command is there with its options, choices and autocomplete', () => {
    for (const command of registry) {
      const options = deployedOptionsOf(command.name);
      expect(options, `/${command.name}`).toBeDefined();
      expect(options?.map((option) => option.name).sort()).toEqual(
        command.options.map((option) => option.name).sort(),
      );
      for (const option of command.options) {
        const sent = options?.find((candidate) => candidate.name === option.name);
        expect(sent?.type).toBe(3);
        expect(sent?.required).toBe(option.required);
        expect(sent?.description).toBe(option.description);
        expect(sent?.choices).toEqual(option.choices?.map(({ name, value }) => ({ name, value })));
        expect(sent?.autocomplete).toBe(option.autocomplete ? true : undefined);
      }
    }
  });

  it('when two commands share a first word, they become one command with subcommands', () => {
    const incident = deployed.find((command) => command.name === 'incident');
    expect(incident?.options?.map((option) => [option.type, option.name])).toEqual([
      [1, 'new'],
      [1, 'list'],
      [1, 'show'],
    ]);
    const bases = new Set(registry.map((command) => command.name.split(' ')[0]));
    expect(deployed.map((command) => command.name).sort()).toEqual([...bases].sort());
  });

  it('when a command sits beside its own subcommands, it is deployed as "show" and read back as itself', () => {
    const waitinglist = deployed.find((command) => command.name === 'waitinglist');
    expect(waitinglist?.options?.map((option) => option.name)).toEqual(['show', 'add']);
    expect(registryCommandName(registry, 'waitinglist show')).toBe('waitinglist');
    expect(registryCommandName(registry, 'waitinglist add')).toBe('waitinglist add');
    expect(registryCommandName(registry, 'session')).toBe('session');
  });

  it('when deployed, names and descriptions keep to Discord limits and commands are for servers', () => {
    const check = (option: DeployedOption) => {
      expect(option.name).toMatch(/^[-_a-z0-9]{1,32}$/);
      expect(option.description.length).toBeGreaterThan(0);
      expect(option.description.length).toBeLessThanOrEqual(100);
      expect(option.choices?.length ?? 0).toBeLessThanOrEqual(25);
      expect(option.choices && option.autocomplete).toBeFalsy();
      (option.options ?? []).forEach(check);
    };
    deployed.forEach(check);
    expect(deployed.every((command) => command.contexts.join() === '0')).toBe(true);
  });

  it('when a declaration would be refused by Discord, the generation fails naming the command', () => {
    const base = registry.find((command) => command.name === 'whoswho') as CommandDefinition;
    const withOption = (option: CommandDefinition['options'][number]): CommandDefinition => ({
      ...base,
      options: [option],
    });
    const many = Array.from({ length: 26 }, (_, n) => ({ name: `c${n}`, value: `c${n}` }));
    expect(() =>
      commandDefinitions([
        withOption({ name: 'x', description: 'x', required: false, choices: many }),
      ]),
    ).toThrow(/whoswho x: 26 choices/);
    expect(() =>
      commandDefinitions([
        withOption({
          name: 'x',
          description: 'x',
          required: false,
          choices: [{ name: 'a', value: 'a' }],
          autocomplete: 'members',
        }),
      ]),
    ).toThrow(CommandDefinitionError);
    expect(() =>
      commandDefinitions([
        base,
        { ...base, name: 'whoswho all' },
        { ...base, name: 'whoswho show' },
      ]),
    ).toThrow(/whoswho show is taken/);
    expect(() => commandDefinitions([{ ...base, name: 'WhosWho' }])).toThrow(/not a Discord/);
  });
});

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
    expect(stdout).toContain('/incident (new, list, show)');
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
