import type { Asker, AskerSees, ChatUser, Platform } from '../core/chat-user.js';
import type { CommandDefinition } from '../core/command.js';
import type { BotRole } from '../core/roles.js';
import { defaultRolePatterns, type RolePatterns } from './derive-roles.js';

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
