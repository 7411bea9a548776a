/**
 * The club service's collection paths, in one place: the product has moved them between versions
 * (club-service-notes.md), so nothing else spells a path. These are the spec's paths, which the
 * typed client is generated with; {@link pathInLayout} spells them for the host's layout.
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

/**
 * Collections the real host serves beyond the spec (club-service-notes.md), at the spec layout's
 * spelling. Not in the generated client: the bot reads them only where the host answers, and a 404
 * there means the host lacks them, never that the layout is wrong (see {@link isCollectionPath}).
 */
export const beyondSpecCollections = {
  codeOfConduct: '/api/CodeOfConduct',
  noticeBoard: '/api/NoticeBoard',
} as const;

export type BeyondSpecName = keyof typeof beyondSpecCollections;

/** Records a collection GET returns per page (spec: Limits). */
export const pageSize = 100;

/**
 * How a host spells the collection paths: `spec` as the spec does (`/api/Users`, `/api/ClubSessions`),
 * `bare` as a newer host does (no `/api/` prefix, members at `/Members`).
 */
export type ClubApiLayout = 'spec' | 'bare';
export const clubApiLayouts = ['spec', 'bare'] as const satisfies readonly ClubApiLayout[];

const bareCollections: Record<CollectionName, string> = {
  events: '/ClubEvents',
  meets: '/Meets',
  incidents: '/IncidentBook',
  trialRequests: '/TrialRequests',
  users: '/Members',
  committeeMembers: '/CommitteeMembers',
  whosWho: '/WhosWho',
  waitingList: '/WaitingList',
  sessions: '/ClubSessions',
  groups: '/ClubGroups',
  roles: '/ClubRoles',
  emailLists: '/EmailLists',
};

const pathsIn: Record<ClubApiLayout, Record<CollectionName | BeyondSpecName, string>> = {
  spec: { ...collections, ...beyondSpecCollections },
  bare: { ...bareCollections, codeOfConduct: '/CodeOfConduct', noticeBoard: '/NoticeBoard' },
};
const names = Object.keys(collections) as CollectionName[];
const spelled = Object.keys(pathsIn.spec) as (CollectionName | BeyondSpecName)[];

/** A path of one layout (a collection, or an item under it) spelled in another; undefined otherwise. */
function respell(path: string, from: ClubApiLayout, to: ClubApiLayout): string | undefined {
  for (const name of spelled) {
    const prefix = pathsIn[from][name];
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      return pathsIn[to][name] + path.slice(prefix.length);
    }
  }
  return undefined;
}

/** A spec path (`/api/Users/abc`) as a layout spells it (`/Members/abc`); other paths unchanged. */
export function pathInLayout(specPath: string, layout: ClubApiLayout): string {
  return layout === 'spec' ? specPath : (respell(specPath, 'spec', layout) ?? specPath);
}

/** A path of a layout as the spec spells it; undefined when it is under no collection. */
export function specPathOf(path: string, layout: ClubApiLayout): string | undefined {
  return respell(path, layout, 'spec');
}

/** Whether a spec path is a whole collection of the spec rather than one record of it. */
export function isCollectionPath(specPath: string): boolean {
  return names.some((name) => collections[name] === specPath);
}
