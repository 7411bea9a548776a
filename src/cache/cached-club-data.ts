import type { Priority } from '../budget/priority.js';
import type { ClubApi } from '../club/club-api.js';
import type { ClubData } from '../commands/club-data.js';
import type { ReadCache } from './read-cache.js';

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

/**
 * The club's data as handlers read it: through the Redis cache, loading with the budget's
 * `interactive` priority when a person waits for a cold entry and `background` when refreshing a
 * stale one. `apiFor` gives a client whose every call first reserves a unit of that priority.
 */
export function createCachedClubData(
  cache: ReadCache,
  apiFor: (priority: Priority) => ClubApi,
): ClubData {
  const read = <T>(key: CachedCollection, load: (api: ClubApi) => Promise<T>) =>
    cache.read(key, (mode) => load(apiFor(mode)));
  return {
    members: () => read('members', (api) => api.listMembers()),
    sessions: () => read('sessions', (api) => api.listSessions()),
    whosWho: () => read('whosWho', (api) => api.getWhosWho()),
    groups: () => read('groups', (api) => api.listGroups()),
    roles: () => read('roles', (api) => api.listRoles()),
    events: () => read('events', (api) => api.listEvents()),
    meets: () => read('meets', (api) => api.listMeets()),
    incidents: () => read('incidents', (api) => api.listIncidents()),
    trialRequests: () => read('trialRequests', (api) => api.listTrialRequests()),
    waitingList: () => read('waitingList', (api) => api.listWaitingList()),
    async memberSensitive(guid) {
      const { sensitive } = await apiFor('interactive').getMemberWithSensitive(guid);
      return sensitive;
    },
  };
}
