import {
  defaultAccessPolicy,
  mayRun,
  seesUnder,
  type AccessPolicy,
} from '../../src/access/access-policy.js';
import type { AuditEntry } from '../../src/core/audit-entry.js';
import type { Asker } from '../../src/core/chat-user.js';
import type { ClubData, QuotaReport } from '../../src/core/club-data.js';
import type { CommandContext, QueryCommand } from '../../src/core/command.js';
import { findCommand } from '../../src/commands/registry.js';
import type { Reply, ReplySection } from '../../src/core/reply.js';
import type { BotRole } from '../../src/core/roles.js';

export const london = 'Europe/London';

/**
 * An asker with these roles (everyone always), linked to `memberGuid` when given, seeing what
 * `policy` (default: the built-in one) lets those roles see.
 */
export function askerWith(
  roles: readonly BotRole[],
  memberGuid?: string,
  policy: AccessPolicy = defaultAccessPolicy,
): Asker {
  const all: BotRole[] = ['everyone', ...roles.filter((role) => role !== 'everyone')];
  return {
    user: { platform: 'console', userId: `tester-${roles.join('-') || 'everyone'}` },
    memberGuid,
    roles: all,
    sees: seesUnder(all, policy),
  };
}

export interface ContextOptions {
  data: ClubData;
  asker?: Asker;
  now?: Date;
  options?: Record<string, string>;
  quota?: QuotaReport;
  audit?: AuditEntry[];
}

/** A command context as the worker builds it, with the default access policy. */
export function contextFor(given: ContextOptions): CommandContext {
  const asker = given.asker ?? askerWith([]);
  return {
    options: given.options ?? {},
    asker,
    data: given.data,
    now: given.now ?? new Date('2026-03-10T12:00:00Z'),
    timezone: london,
    mayRun(name) {
      const command = findCommand(name);
      return command !== undefined && mayRun(asker, command, defaultAccessPolicy);
    },
    async quota() {
      if (!given.quota) throw new Error('no quota report in this test');
      return given.quota;
    },
    async auditTrail({ member, limit = 50 }) {
      return (given.audit ?? [])
        .filter((entry) => !member || entry.members.includes(member))
        .slice(0, limit);
    },
  };
}

/** Runs a query command of the registry by name. */
export async function run(name: string, given: ContextOptions): Promise<Reply> {
  const command = findCommand(name);
  if (command?.kind !== 'query') throw new Error(`${name} is not a query command`);
  return (command satisfies QueryCommand).handle(contextFor(given));
}

/** A reply's first section, which the test expects to be a table. */
export function firstTable(reply: Reply): Extract<ReplySection, { kind: 'table' }> {
  const table = reply.sections?.[0];
  if (table?.kind !== 'table') throw new Error('expected a table');
  return table;
}

/** The rows of a reply's first section, or none when that is not a table. */
export function tableRows(reply: Reply): readonly (readonly string[])[] {
  const table = reply.sections?.[0];
  return table?.kind === 'table' ? table.rows : [];
}
