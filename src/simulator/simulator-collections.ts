import type { BeyondSpecName, CollectionName } from '../club/collections.js';

/**
 * The collections the simulator stores, named as the club service's paths name them
 * (`/api/IncidentBook` holds `IncidentBook`), each with the document's schema of one record.
 * CommitteeMembers is not stored: it is the users with `CommitteeMember` 1.
 */
export const collectionSchemas = {
  ClubEvents: 'ClubEvent',
  Meets: 'Meet',
  IncidentBook: 'Incident',
  TrialRequests: 'TrialRequest',
  Users: 'User',
  WhosWho: 'WhosWho',
  WaitingList: 'WaitingListPerson',
  ClubSessions: 'ClubSession',
  ClubGroups: 'ClubGroup',
  ClubRoles: 'ClubRole',
  EmailLists: 'EmailList',
} as const;

export type StoredCollection = keyof typeof collectionSchemas;

export const storedCollections = Object.keys(collectionSchemas) as StoredCollection[];

/**
 * Collections the real host serves beyond the spec (club-service-notes.md): not in the document,
 * so nothing checks their records against a schema. Served unless `beyondSpec` is false.
 */
export const beyondSpecCollections = ['CodeOfConduct', 'NoticeBoard'] as const;
export type BeyondSpecCollection = (typeof beyondSpecCollections)[number];

export function isBeyondSpec(name: string): name is BeyondSpecCollection {
  return (beyondSpecCollections as readonly string[]).includes(name);
}

/** Every collection the store holds: the document's and those beyond the spec. */
export type HeldCollection = StoredCollection | BeyondSpecCollection;
export const heldCollections: readonly HeldCollection[] = [
  ...storedCollections,
  ...beyondSpecCollections,
];

export function isHeldCollection(name: string): name is HeldCollection {
  return isStoredCollection(name) || isBeyondSpec(name);
}

/** A collection as served: the held ones, and CommitteeMembers (a view of Users). */
export type ServedCollection = HeldCollection | 'CommitteeMembers';

export function isStoredCollection(name: string): name is StoredCollection {
  return Object.hasOwn(collectionSchemas, name);
}

/** The stored collection of a document path (`/api/Users/{guid}`); undefined for CommitteeMembers. */
export function storedCollectionOf(documentPath: string): StoredCollection | undefined {
  const name = /^\/api\/([A-Za-z]+)/.exec(documentPath)?.[1] ?? '';
  return isStoredCollection(name) ? name : undefined;
}

/** One record in the wire shape of the document (the spec's field names, flags 1/0). */
export type WireRecord = Readonly<Record<string, unknown>>;

/** Every held collection's records; WhosWho holds one record (the `Categories` object). */
export type ClubRecords = Record<HeldCollection, WireRecord[]>;

/** The client's names of the collections (src/club/collections.ts), accepted by the admin surface. */
const clientNames: Record<CollectionName | BeyondSpecName, ServedCollection> = {
  events: 'ClubEvents',
  meets: 'Meets',
  incidents: 'IncidentBook',
  trialRequests: 'TrialRequests',
  users: 'Users',
  committeeMembers: 'CommitteeMembers',
  whosWho: 'WhosWho',
  waitingList: 'WaitingList',
  sessions: 'ClubSessions',
  groups: 'ClubGroups',
  roles: 'ClubRoles',
  emailLists: 'EmailLists',
  codeOfConduct: 'CodeOfConduct',
  noticeBoard: 'NoticeBoard',
};

/** A collection named as its path names it (`IncidentBook`) or as the client does (`incidents`). */
export type CollectionRef = ServedCollection | CollectionName | BeyondSpecName;

/** The served collection a name refers to, or undefined for a name that is neither. */
export function servedCollection(name: string): ServedCollection | undefined {
  if (name === 'CommitteeMembers' || isStoredCollection(name) || isBeyondSpec(name)) return name;
  return Object.hasOwn(clientNames, name) ? clientNames[name as CollectionName] : undefined;
}
