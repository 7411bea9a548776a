/**
 * The club service's collection paths, in one place: the product has moved them between versions
 * (club-service-notes.md), so nothing else spells a path.
 */
export const collections = {
  events: '/api/ClubEvents',
  meets: '/api/Meets',
  incidents: '/api/IncidentBook',
  trialRequests: '/api/TrialRequests',
  users: '/api/Users',
  committeeMembers: '/api/CommitteeMembers',
  whosWho: '/api/WhosWho',
  waitingList: '/api/WaitingList',
  sessions: '/api/ClubSessions',
  groups: '/api/ClubGroups',
  roles: '/api/ClubRoles',
  emailLists: '/api/EmailLists',
} as const;

export type CollectionName = keyof typeof collections;

/** Records a collection GET returns per page (spec: Limits). */
export const pageSize = 100;
