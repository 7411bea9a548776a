import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy, mayRun } from '../../src/access/access-policy.js';
import { registry } from '../../src/commands/registry.js';
import { botRoles, type BotRole } from '../../src/core/roles.js';
import { defaultRights, openToEveryone } from '../support/default-rights.js';
import { askerWith } from './command-context.js';

const everyoneOnly = askerWith([]);
const runnable = (roles: BotRole[]) =>
  registry
    .filter((command) => mayRun(askerWith(roles), command, defaultAccessPolicy))
    .map((command) => command.name);

describe('who may run each command by default', () => {
  it.each(registry.map((command) => [command.name, command] as const))(
    'when someone with only "everyone" asks for /%s, then the default policy decides as the registry declares',
    (name, command) => {
      expect(mayRun(everyoneOnly, command, defaultAccessPolicy)).toBe(
        openToEveryone.includes(name),
      );
    },
  );

  it.each(botRoles)(
    'when someone with only the %s role asks, then they may run its commands and the open ones, and no others',
    (role) => {
      const expected = [...new Set([...openToEveryone, ...defaultRights[role]])].sort();
      expect(runnable([role]).sort()).toEqual(expected);
    },
  );

  it('when the policy names a command, then its roles replace the registry’s', () => {
    const policy = { ...defaultAccessPolicy, commands: { quota: ['committee' as const] } };
    const quota = registry.find((command) => command.name === 'quota');
    if (!quota) throw new Error('no quota');
    expect(mayRun(askerWith(['committee']), quota, policy)).toBe(true);
    expect(mayRun(askerWith(['admin']), quota, policy)).toBe(false);
  });
});
