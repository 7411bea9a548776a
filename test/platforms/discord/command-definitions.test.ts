import { describe, expect, it } from 'vitest';
import { offeredOn, type CommandDefinition } from '../../../src/core/command.js';
import { registry } from '../../../src/commands/registry.js';
import {
  CommandDefinitionError,
  commandDefinitions,
  registryCommandName,
} from '../../../src/platforms/discord/command-definitions.js';

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
    for (const command of registry.filter((candidate) => offeredOn(candidate, 'discord'))) {
      const options = deployedOptionsOf(command.name);
      expect(options, `/${command.name}`).toBeDefined();
      expect(options?.map((option) => option.name).sort()).toEqual(
        command.options.map((option) => option.name).sort(),
      );
      for (const option of command.options) {
        const sent = options?.find((candidate) => candidate.name === option.name);
        // 6: Discord's user picker; 3: text.
        expect(sent?.type).toBe(option.type === 'user' ? 6 : 3);
        expect(sent?.required).toBe(option.required);
        expect(sent?.description).toBe(option.description);
        expect(sent?.choices).toEqual(option.choices?.map(({ name, value }) => ({ name, value })));
        expect(sent?.autocomplete).toBe(option.autocomplete ? true : undefined);
      }
    }
  });

  it('when a command is not offered on Discord, it is not deployed there', () => {
    const slackOnly = registry
      .filter((command) => command.name === 'whoswho')
      .map((command) => ({ ...command, platforms: ['slack' as const] }));
    expect(commandDefinitions(slackOnly)).toEqual([]);
  });

  it('when two commands share a first word, they become one command with subcommands', () => {
    const incident = deployed.find((command) => command.name === 'incident');
    expect(incident?.options?.map((option) => [option.type, option.name])).toEqual([
      [1, 'new'],
      [1, 'mine'],
      [1, 'list'],
      [1, 'show'],
    ]);
    const bases = new Set(
      registry
        .filter((command) => offeredOn(command, 'discord'))
        .map((command) => command.name.split(' ')[0]),
    );
    expect(bases).toContain('link');
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
