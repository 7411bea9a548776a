import type { Asker, AskerSees, ChatUser, Platform } from '../core/chat-user.js';
import type { CommandDefinition } from '../core/command.js';
import type { BotRole } from '../core/roles.js';
import type { Member, NamedMembership } from '../club/domain.js';
import type { Redis } from 'ioredis';
import { clubKeys } from '../redis/club-keys.js';

/** Which club roles (by their whole name) give which bot roles. */
export interface RolePatterns {
  welfare: RegExp;
  membership: RegExp;
  headCoach: RegExp;
  admin: RegExp;
}

/**
 * A pattern that must match a club role's whole name, in any case. Words inside a longer name do
 * not count: "Secretary" is not "Gala Secretary", "Chair" is not "Vice Chair".
 */
export function wholeName(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'i');
}

/** Least privilege: only the offices that need a bot role get one. */
export const defaultRolePatterns: RolePatterns = {
  welfare: wholeName('(club )?(deputy )?(welfare|safeguarding) officer'),
  membership: wholeName('(club )?membership secretary'),
  headCoach: wholeName('(club )?head coach'),
  admin: wholeName('chair|chairman|chairwoman|chairperson|(club )?secretary'),
};

const byPattern: readonly [keyof RolePatterns, BotRole][] = [
  ['welfare', 'welfare'],
  ['membership', 'membership'],
  ['headCoach', 'head-coach'],
  ['admin', 'admin'],
];

/**
 * Roles from the club's own records, with no configuration: `IsACoach` gives coach,
 * `CommitteeMember` gives committee, and holding a club role whose whole name matches a pattern
 * gives welfare, membership, head-coach or admin. Everyone has `everyone`.
 */
export function deriveRoles(
  member: Member | undefined,
  clubRoles: readonly NamedMembership[],
  patterns: RolePatterns = defaultRolePatterns,
): BotRole[] {
  const roles = new Set<BotRole>(['everyone']);
  if (!member || !member.active) return [...roles];
  if (member.isCoach) roles.add('coach');
  if (member.isCommitteeMember) roles.add('committee');
  for (const role of clubRoles) {
    if (!role.members.includes(member.guid)) continue;
    const name = role.name.trim().replace(/\s+/g, ' ');
    for (const [pattern, botRole] of byPattern)
      if (patterns[pattern].test(name)) roles.add(botRole);
  }
  return [...roles];
}

/** Grants or denies roles to chat users, Slack user groups or Discord roles. */
export interface RoleRule {
  platform?: Platform;
  /** A chat user id (Slack `U…`, Discord snowflake, console name). */
  user?: string;
  /** A Slack user group id or a Discord role id. */
  group?: string;
  roles: BotRole[];
}

/**
 * Who may run what, decided in one place. The registry declares each command's default roles;
 * the policy may change them, grant or deny roles, and say which club roles give which bot roles.
 */
export interface AccessPolicy {
  /** Roles that may run a command, by command name ("incident list"), replacing the registry's. */
  commands: Record<string, readonly BotRole[]>;
  grant: RoleRule[];
  deny: RoleRule[];
  /** Chat users linked to a club member by the member's email (for Discord, which has no email). */
  links: { platform: Platform; user: string; email: string }[];
  rolePatterns: RolePatterns;
  /** Roles that see DBS and safeguarding details (of those who may run /member details). Default: welfare. */
  safeguardingDetails: readonly BotRole[];
  /** Roles that see every session's roster; others see the sessions they coach. Default: head-coach, welfare. */
  allRosters: readonly BotRole[];
}

export const defaultAccessPolicy: AccessPolicy = {
  commands: {},
  grant: [],
  deny: [],
  links: [],
  rolePatterns: defaultRolePatterns,
  safeguardingDetails: ['welfare'],
  allRosters: ['head-coach', 'welfare'],
};

/** What the policy lets a person with `roles` see beyond the people of their own sessions. */
export function seesUnder(roles: readonly BotRole[], policy: AccessPolicy): AskerSees {
  const any = (wanted: readonly BotRole[]) => roles.some((role) => wanted.includes(role));
  return {
    safeguardingDetails: any(policy.safeguardingDetails),
    allRosters: any(policy.allRosters),
  };
}

function ruleApplies(rule: RoleRule, user: ChatUser): boolean {
  if (rule.platform && rule.platform !== user.platform) return false;
  if (rule.user !== undefined && rule.user !== user.userId) return false;
  if (rule.group !== undefined && !(user.groups ?? []).includes(rule.group)) return false;
  return rule.user !== undefined || rule.group !== undefined;
}

/** Applies the policy's grants, then its denials, to the roles derived from the club's records. */
export function applyRoleRules(
  user: ChatUser,
  derived: readonly BotRole[],
  policy: AccessPolicy,
): BotRole[] {
  const roles = new Set<BotRole>(derived);
  for (const rule of policy.grant)
    if (ruleApplies(rule, user)) rule.roles.forEach((role) => roles.add(role));
  for (const rule of policy.deny)
    if (ruleApplies(rule, user)) rule.roles.forEach((role) => roles.delete(role));
  roles.add('everyone');
  return [...roles];
}

/** The roles that may run a command under the policy. */
export function rolesFor(
  command: Pick<CommandDefinition, 'name' | 'roles'>,
  policy: AccessPolicy,
): readonly BotRole[] {
  return policy.commands[command.name] ?? command.roles;
}

/** The one check: before anything is enqueued, and again in the worker. */
export function mayRun(
  asker: Asker,
  command: Pick<CommandDefinition, 'name' | 'roles'>,
  policy: AccessPolicy,
): boolean {
  const allowed = rolesFor(command, policy);
  return allowed.includes('everyone') || allowed.some((role) => asker.roles.includes(role));
}

/** Whether a person may run one more command now; counts the command when they may. */
export type RateLimit = (user: ChatUser) => Promise<boolean>;

const count = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * A per-person limit on commands (default 20 a minute, `RATE_LIMIT_PER_MINUTE`) so one person
 * cannot drain the club's daily budget. A fixed one-minute window per person, shared by every
 * adapter process through Redis.
 */
export function createRateLimit(options: {
  redis: Redis;
  prefix: string;
  perMinute: number;
  now?: () => number;
}): RateLimit {
  const now = options.now ?? Date.now;
  return async (user) => {
    const minute = Math.floor(now() / 60_000);
    const key = clubKeys(options.prefix).rate(user.platform, user.userId, minute);
    const used = Number(await options.redis.eval(count, 1, key, '60000'));
    return used <= options.perMinute;
  };
}
