import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { CommandDefinition } from '../core/command.js';
import { botRoles } from '../core/roles.js';
import {
  defaultAccessPolicy,
  defaultRolePatterns,
  rolesFor,
  wholeName,
  type AccessPolicy,
  type RolePatterns,
} from './access-policy.js';
import { describeError } from '../errors.js';

const role = z.enum(botRoles);
const platform = z.enum(['slack', 'discord', 'console']);

const rule = z
  .strictObject({
    platform: platform.optional(),
    user: z.coerce.string().optional(),
    group: z.coerce.string().optional(),
    roles: z.array(role).min(1),
  })
  .refine(
    (value) => value.user !== undefined || value.group !== undefined,
    'a rule needs a user or a group',
  )
  // Only Discord tells the bot a person's groups (their roles); a Slack user group rule would
  // silently never apply, so it is refused rather than kept.
  .refine(
    (value) => value.group === undefined || value.platform === 'discord',
    'a group is a Discord role id and needs platform: discord; Slack user groups are not read, so grant Slack people by user id',
  );

const pattern = z.string().refine((value) => {
  try {
    wholeName(value);
    return true;
  } catch {
    return false;
  }
}, 'must be a valid regular expression');

const policyFile = z.strictObject({
  commands: z.record(z.string(), z.array(role).min(1)).optional(),
  grant: z.array(rule).optional(),
  deny: z.array(rule).optional(),
  links: z
    .array(z.strictObject({ platform, user: z.coerce.string(), email: z.email() }))
    .optional(),
  role_patterns: z
    .strictObject({
      welfare: pattern.optional(),
      membership: pattern.optional(),
      head_coach: pattern.optional(),
      admin: pattern.optional(),
    })
    .optional(),
  safeguarding_details: z.array(role).optional(),
  all_rosters: z.array(role).optional(),
});

/** A list of roles that see more is only useful to roles that may run the command showing it. */
const widens = [
  ['safeguarding_details', 'member details'],
  ['all_rosters', 'session'],
] as const;

/** The access policy file could not be used; `problems` lists every one. */
export class AccessPolicyError extends Error {
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super(
      `The access policy ${path} has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'AccessPolicyError';
  }
}

/**
 * Reads and validates the access policy (YAML). Command names must be the registry's; roles must
 * be the bot's. Every problem is listed at once.
 */
export function parseAccessPolicy(
  text: string,
  registry: readonly CommandDefinition[],
  path = 'ACCESS_POLICY',
): AccessPolicy {
  let raw: unknown;
  try {
    raw = parse(text) ?? {};
  } catch (error) {
    throw new AccessPolicyError(path, [`it is not valid YAML: ${describeError(error)}`]);
  }
  const result = policyFile.safeParse(raw);
  const problems = result.success
    ? []
    : result.error.issues.map(
        (issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`,
      );
  const names = registry.map((command) => command.name);
  const commands =
    typeof raw === 'object' && raw !== null ? (raw as { commands?: unknown }).commands : undefined;
  const unknown =
    typeof commands === 'object' && commands !== null
      ? Object.keys(commands).filter((name) => !names.includes(name))
      : [];
  problems.push(
    ...unknown.map(
      (name) => `commands.${name}: no such command; the commands are: ${names.join(', ')}`,
    ),
  );
  if (!result.success || problems.length > 0) throw new AccessPolicyError(path, problems);
  const file = result.data;
  const patterns = file.role_patterns ?? {};
  const policy: AccessPolicy = {
    commands: file.commands ?? defaultAccessPolicy.commands,
    grant: file.grant ?? [],
    deny: file.deny ?? [],
    links: file.links ?? [],
    rolePatterns: patternsOf(patterns),
    safeguardingDetails: file.safeguarding_details ?? defaultAccessPolicy.safeguardingDetails,
    allRosters: file.all_rosters ?? defaultAccessPolicy.allRosters,
  };
  for (const [key, name] of widens) {
    const command = registry.find((candidate) => candidate.name === name);
    if (!command) continue;
    const allowed = rolesFor(command, policy);
    for (const wanted of file[key] ?? []) {
      if (allowed.includes(wanted) || allowed.includes('everyone')) continue;
      problems.push(
        `${key}: ${wanted} may not run /${name}, so this gives them nothing; add ${wanted} to commands.${name} as well (now: ${allowed.join(', ')})`,
      );
    }
  }
  if (problems.length > 0) throw new AccessPolicyError(path, problems);
  return policy;
}

/** The file's patterns, each matching a whole club role name; the defaults for those left out. */
function patternsOf(
  patterns: Partial<Record<'welfare' | 'membership' | 'head_coach' | 'admin', string>>,
): RolePatterns {
  const read = (value: string | undefined, fallback: RegExp) =>
    value === undefined ? fallback : wholeName(value);
  return {
    welfare: read(patterns.welfare, defaultRolePatterns.welfare),
    membership: read(patterns.membership, defaultRolePatterns.membership),
    headCoach: read(patterns.head_coach, defaultRolePatterns.headCoach),
    admin: read(patterns.admin, defaultRolePatterns.admin),
  };
}

/** Reads the policy from a file path; the built-in defaults when no path is given. */
export function loadAccessPolicy(
  path: string | undefined,
  registry: readonly CommandDefinition[],
): AccessPolicy {
  if (!path) return defaultAccessPolicy;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AccessPolicyError(path, [`it cannot be read: ${describeError(error)}`]);
  }
  return parseAccessPolicy(text, registry, path);
}
