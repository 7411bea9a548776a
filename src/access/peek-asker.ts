import type { ReadCache } from '../cache/read-cache.js';
import { collectionKeys } from '../cache/collection-schemas.js';
import type { Asker, ChatUser } from '../core/chat-user.js';
import type { AccessPolicy } from './access-policy.js';
import { decideAsker } from './decide-asker.js';
import type { MemberLinks } from './member-links.js';

/**
 * Decides the asker from what the cache holds, without calling the club service (adapters never
 * do). Undefined when members or roles are not cached yet: the worker then decides alone.
 */
export type AskerPeek = (user: ChatUser) => Promise<Asker | undefined>;

/** Options for {@link createAskerPeek}. */
export interface AskerPeekOptions {
  /**
   * The process's read cache. With key tracking it holds members and roles in memory until Redis
   * tells of a change, so an acknowledgement reads nothing from Redis and sees a change of roles
   * as soon as it is made.
   */
  cache: Pick<ReadCache, 'peek'>;
  policy: AccessPolicy;
  links?: MemberLinks;
  /** The clock, for telling adults from children. Default: the system's. */
  now?: () => Date;
}

export function createAskerPeek(deps: AskerPeekOptions): AskerPeek {
  return async (user) => {
    const [members, roles, linked] = await Promise.all([
      deps.cache.peek(collectionKeys.members),
      deps.cache.peek(collectionKeys.roles),
      deps.links?.get(user),
    ]);
    if (!members || !roles) return undefined;
    // The UTC date: at most a day off, and it only matters when several members share an email.
    const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    return decideAsker(user, members.value, roles.value, deps.policy, linked, today);
  };
}
