import { defaultAccessPolicy, type AccessPolicy } from '../../src/access/access-policy.js';
import type { BotRole } from '../../src/core/roles.js';

/** The default access policy, granting console users (by id) these roles. */
export function consoleGrants(grants: Record<string, BotRole[]>): AccessPolicy {
  return {
    ...defaultAccessPolicy,
    grant: Object.entries(grants).map(([user, roles]) => ({ platform: 'console', user, roles })),
  };
}
