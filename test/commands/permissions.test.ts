import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy, mayRun } from '../../src/access/access-policy.js';
import { registry } from '../../src/commands/registry.js';
import type { BotRole } from '../../src/commands/roles.js';
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
      const open = ['help', 'today', 'whoswho', 'sessions', 'events', 'meets', 'incident new'];
      expect(mayRun(everyoneOnly, command, defaultAccessPolicy)).toBe(open.includes(name));
    },
  );

  it('when each role asks, then it may run its own commands and no others', () => {
    const open = ['help', 'today', 'whoswho', 'sessions', 'events', 'meets', 'incident new'];
    const digests = ['digest add', 'digest list', 'digest remove', 'digest preview'];
    expect(runnable(['coach'])).toEqual([
      ...open.slice(0, 6),
      'session',
      'member',
      'member details',
      'incident new',
      ...digests,
    ]);
    expect(runnable(['head-coach']).sort()).toEqual([...open, 'session', ...digests].sort());
    expect(runnable(['welfare']).sort()).toEqual(
      [
        ...open,
        'session',
        'member',
        'member details',
        'incident list',
        'incident show',
        'audit',
        ...digests,
      ].sort(),
    );
    expect(runnable(['committee']).sort()).toEqual([...open, ...digests].sort());
    expect(runnable(['membership']).sort()).toEqual(
      [...open, 'trial new', 'trials', 'waitinglist', 'waitinglist add', ...digests].sort(),
    );
    expect(runnable(['admin']).sort()).toEqual(
      [...open, 'digest list', 'digest remove', 'quota'].sort(),
    );
  });

  it('when the policy names a command, then its roles replace the registry’s', () => {
    const policy = { ...defaultAccessPolicy, commands: { quota: ['committee' as const] } };
    const quota = registry.find((command) => command.name === 'quota');
    if (!quota) throw new Error('no quota');
    expect(mayRun(askerWith(['committee']), quota, policy)).toBe(true);
    expect(mayRun(askerWith(['admin']), quota, policy)).toBe(false);
  });
});
