import type { Priority } from '../budget/priority.js';
import type { ClubApi } from '../club/club-api.js';
import type { BudgetedClubApis } from '../club/budgeted-club-apis.js';
import type { MemberSensitive } from '../club/domain.js';
import type { FreshMember } from '../club/fresh-member.js';
import type { ChatUser } from '../core/chat-user.js';
import type { ClubData } from '../core/club-data.js';
import type { ReadCache } from './read-cache.js';
import type { CacheKey } from './cache-key.js';
import { collectionKeys as keys } from './collection-schemas.js';
import { readFreshMembers } from './read-fresh-members.js';
import { recentReads } from './recent-reads.js';

/** The collections the cache holds. Special-category fields are not in any of them. */
export const cachedCollections = [
  'members',
  'sessions',
  'whosWho',
  'groups',
  'roles',
  'events',
  'meets',
  'incidents',
  'trialRequests',
  'waitingList',
] as const;

export type CachedCollection = (typeof cachedCollections)[number];

/**
 * Collections that change a few times a season (who's who, roles, groups, events, meets) stay
 * fresh six times longer than those a volunteer expects to be current (members, rosters,
 * incidents, trials, waiting list), which writes invalidate anyway.
 */
const slowCollections: readonly string[] = ['whosWho', 'roles', 'groups', 'events', 'meets'];

/** How long each collection stays fresh, from the configured freshness of the fast ones. */
export function freshnessOf(freshMs: number): (collection: string) => number {
  return (collection) => (slowCollections.includes(collection) ? freshMs * 6 : freshMs);
}

/** How each collection is loaded from the club service. */
const collectionLoaders = {
  members: (api: ClubApi) => api.listMembers(),
  sessions: (api: ClubApi) => api.listSessions(),
  whosWho: (api: ClubApi) => api.getWhosWho(),
  groups: (api: ClubApi) => api.listGroups(),
  roles: (api: ClubApi) => api.listRoles(),
  events: (api: ClubApi) => api.listEvents(),
  meets: (api: ClubApi) => api.listMeets(),
  // The incident book is cached without details and comments: those are read per request.
  incidents: async (api: ClubApi) =>
    (await api.listIncidents()).map(
      ({ details: _details, proposedAction: _action, ...summary }) => ({
        ...summary,
        comments: [],
      }),
    ),
  trialRequests: (api: ClubApi) => api.listTrialRequests(),
  waitingList: (api: ClubApi) => api.listWaitingList(),
} satisfies Record<CachedCollection, (api: ClubApi) => Promise<unknown>>;

/**
 * Loads a collection again right after a write (with `interactive` priority, as the writer will
 * look next), so their next look includes their own change; when it cannot, it is marked stale.
 */
export function refreshCollection(
  cache: ReadCache,
  apiFor: (priority: Priority) => ClubApi,
  collection: CachedCollection,
): Promise<void> {
  return cache.refresh(collection, (mode) => collectionLoaders[collection](apiFor(mode)));
}

/**
 * The club's data as handlers read it: through the Redis cache, loading with the budget's
 * `interactive` priority when a person waits for a cold entry and `background` when refreshing a
 * stale one. `apiFor` gives a client whose every call first reserves a unit of that priority.
 */
export function createCachedClubData(
  cache: ReadCache,
  apiFor: (priority: Priority) => ClubApi,
): ClubData {
  const read = <T>(key: CacheKey<T>, load: (api: ClubApi) => Promise<NoInfer<T>>) =>
    cache.read(key, (mode) => load(apiFor(mode)));
  const loaders = collectionLoaders;
  return {
    members: () => read(keys.members, loaders.members),
    sessions: () => read(keys.sessions, loaders.sessions),
    whosWho: () => read(keys.whosWho, loaders.whosWho),
    groups: () => read(keys.groups, loaders.groups),
    roles: () => read(keys.roles, loaders.roles),
    events: () => read(keys.events, loaders.events),
    meets: () => read(keys.meets, loaders.meets),
    incidents: () => read(keys.incidents, loaders.incidents),
    trialRequests: () => read(keys.trialRequests, loaders.trialRequests),
    waitingList: () => read(keys.waitingList, loaders.waitingList),
    async memberSensitive(guid) {
      const { sensitive } = await apiFor('interactive').getMemberWithSensitive(guid);
      return sensitive;
    },
    async freshMembers(guids) {
      const members = await read(keys.members, loaders.members);
      return readFreshMembers(apiFor('interactive'), guids, members.value.length);
    },
    incident: (guid) => apiFor('interactive').getIncident(guid),
  };
}

/** How long one asker's read of confidential details (a member's, a roster's) is reused. */
const sensitiveReuseMs = 60_000;

/**
 * The club's data as one person's command reads it: a cold read they wait for spends from their
 * own daily share first (`spend` throws when it is used up), and their `/member details` of the
 * same member, or poolside sheet of the same swimmers, within a minute is answered from this
 * process's memory rather than a new club call.
 */
export function createPersonalClubData(options: {
  cache: ReadCache;
  apis: BudgetedClubApis;
  spend: (user: ChatUser) => Promise<void>;
  now?: () => number;
}): (user: ChatUser) => ClubData {
  const now = options.now ?? Date.now;
  const sensitiveReads = recentReads<MemberSensitive>(sensitiveReuseMs, now);
  const freshReads = recentReads<FreshMember[]>(sensitiveReuseMs, now);
  return (user) => {
    const spend = () => options.spend(user);
    const data = createCachedClubData(options.cache, (priority) =>
      options.apis(priority, priority === 'interactive' ? spend : undefined),
    );
    const asker = `${user.platform}:${user.userId}`;
    return {
      ...data,
      memberSensitive: (guid) =>
        sensitiveReads(`${asker}:${guid}`, () => data.memberSensitive(guid)),
      freshMembers: (guids) =>
        freshReads(`${asker}:${[...guids].sort().join(',')}`, () => data.freshMembers(guids)),
    };
  };
}
