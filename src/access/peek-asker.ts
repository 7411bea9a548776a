import type { Cached } from '../commands/club-data.js';
import type { ReadCache } from '../cache/read-cache.js';
import type { Member, NamedMembership } from '../club/domain.js';
import type { Asker, ChatUser } from '../commands/chat-user.js';
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
  cache: ReadCache;
  policy: AccessPolicy;
  links?: MemberLinks;
  /**
   * How long the cached members and roles, once peeked, are used before peeking again. They are
   * kept for an hour anyway, and the worker checks permission again with its own read. Default: 1 s.
   */
  recheckMs?: number;
  now?: () => number;
}

type Collections = [Cached<Member[]> | undefined, Cached<NamedMembership[]> | undefined];

export function createAskerPeek(deps: AskerPeekOptions): AskerPeek {
  const recheckMs = deps.recheckMs ?? 1_000;
  const now = deps.now ?? Date.now;
  // One peek of members and roles serves every command within `recheckMs` (and those waiting
  // for it): under load, two Redis calls of every acknowledgement were for data that had not changed.
  let held: { at: number; collections: Promise<Collections> } | undefined;
  const collections = (): Promise<Collections> => {
    if (held && now() - held.at < recheckMs) return held.collections;
    const peeked = Promise.all([
      deps.cache.peek<Member[]>('members'),
      deps.cache.peek<NamedMembership[]>('roles'),
    ]);
    const entry = { at: now(), collections: peeked };
    held = entry;
    // A failed peek is not kept, nor one that found either not cached yet (the cache is being
    // filled): the next command asks Redis again.
    peeked.then(
      ([members, roles]) => {
        if (held === entry && (!members || !roles)) held = undefined;
      },
      () => {
        if (held === entry) held = undefined;
      },
    );
    return peeked;
  };
  return async (user) => {
    const [[members, roles], linked] = await Promise.all([collections(), deps.links?.get(user)]);
    if (!members || !roles) return undefined;
    return decideAsker(user, members.value, roles.value, deps.policy, linked);
  };
}
