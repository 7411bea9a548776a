import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { AuditTrail } from '../../src/access/audit-trail.js';
import { registry } from '../../src/commands/registry.js';
import { runCommand, type CommandRunnerDeps } from '../../src/jobs/run-command.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { askerWith, london } from './command-context.js';

const club = memoryClubData();
const welfare = askerWith(['welfare'], club.members[0]?.guid);
const trail: AuditTrail = {
  writeOf: () => {
    throw new Error('the runner does not write the trail itself');
  },
  record: () => Promise.reject(new Error('the runner does not write the trail itself')),
  read: async () => [],
};
const deps: CommandRunnerDeps = {
  registry,
  policy: defaultAccessPolicy,
  dataFor: () => club.data,
  resolveAsker: async () => welfare,
  quota: () => Promise.reject(new Error('no quota here')),
  audit: trail,
  timezone: london,
  now: () => new Date('2026-03-10T12:00:00Z'),
};
const request = (command: string, options: Record<string, string> = {}) => ({
  id: 'r1',
  command,
  options,
  user: welfare.user,
  replyTo: { platform: 'console' as const, conversationId: 'c1' },
  receivedAt: 0,
});

describe('what the audit trail records', () => {
  it('when the welfare officer reads the audit trail, then that reading is not an entry in it', async () => {
    const outcome = await runCommand(request('audit'), deps);
    expect(outcome.outcome).toBe('answered');
    expect(outcome.audit).toBeUndefined();
    expect(outcome.reply.visibility).toBe('asker');
  });

  it('when someone is shown a member’s details, then it is recorded, with whose', async () => {
    const outcome = await runCommand(request('member', { name: 'Jane Smith' }), deps);
    expect(outcome.audit?.command).toBe('member');
    expect(outcome.audit?.members).toHaveLength(1);
  });
});
