import { deepFreeze } from '../../src/cache/deep-freeze.js';
import {
  decodeAll,
  decodeEvent,
  decodeGroup,
  decodeIncident,
  decodeMeet,
  decodeRole,
  decodeSession,
  decodeTrialRequest,
  decodeWaitingListPerson,
  decodeWhosWho,
} from '../../src/club/decode-records.js';
import {
  decodeFreshMember,
  decodeMember,
  decodeMemberSensitive,
} from '../../src/club/decode-member.js';
import type {
  ClubEvent,
  ClubSession,
  Incident,
  Meet,
  Member,
  NamedMembership,
  TrialRequest,
  WaitingListPerson,
  WhosWhoCategory,
} from '../../src/club/domain.js';
import type { Cached, ClubData } from '../../src/core/club-data.js';
import { generateClub, type SeededClub } from '../../src/simulator/seed/generate-club.js';

export interface MemoryClubDataOptions {
  /** Members of the seeded club. Default 120. */
  members?: number;
  /** Seed of the generator. Default 1. */
  seed?: number;
  /** The club's today, yyyy-mm-dd. Default 2026-03-10 (a Tuesday). */
  today?: string;
  /** When every collection was "fetched" (epoch ms). Default 09:00 UTC on `today`. */
  fetchedAt?: number;
}

/** The seeded club's records, decoded as the cache would hold them. */
export interface MemoryClub {
  members: Member[];
  sessions: ClubSession[];
  whosWho: WhosWhoCategory[];
  groups: NamedMembership[];
  roles: NamedMembership[];
  events: ClubEvent[];
  meets: Meet[];
  incidents: Incident[];
  trialRequests: TrialRequest[];
  waitingList: WaitingListPerson[];
}

export interface MemoryClubData extends MemoryClub {
  data: ClubData;
  /** The generated wire records. */
  club: SeededClub;
  today: string;
  fetchedAt: number;
  /**
   * The Guids `memberSensitive` and `freshMembers` were asked for, in order: a test can assert
   * they were never called.
   */
  sensitiveReads: string[];
  /** The Guids `incident` was asked for, in order: each is a read of the club service. */
  incidentReads: string[];
}

/**
 * ClubData over a seeded fictional club in memory, decoded with the real decoders. Collections
 * are fresh copies per call; `memberSensitive` reads the seeded user and records the call.
 */
export function memoryClubData(options: MemoryClubDataOptions = {}): MemoryClubData {
  const today = options.today ?? '2026-03-10';
  const fetchedAt = options.fetchedAt ?? Date.parse(`${today}T09:00:00Z`);
  const club = generateClub({ members: options.members ?? 120, seed: options.seed ?? 1, today });
  const decoded: MemoryClub = {
    members: decodeAll(club.users, decodeMember).values,
    sessions: decodeAll(club.sessions, decodeSession).values,
    whosWho: decodeWhosWho(club.whosWho),
    groups: decodeAll(club.groups, decodeGroup).values,
    roles: decodeAll(club.roles, decodeRole).values,
    events: decodeAll(club.events, decodeEvent).values,
    meets: decodeAll(club.meets, decodeMeet).values,
    incidents: decodeAll(club.incidents, decodeIncident).values,
    trialRequests: decodeAll(club.trialRequests, decodeTrialRequest).values,
    waitingList: decodeAll(club.waitingList, decodeWaitingListPerson).values,
  };
  const sensitiveReads: string[] = [];
  const incidentReads: string[] = [];
  const cached = <T>(value: T): Promise<Cached<T>> =>
    Promise.resolve({
      // Frozen, as the read cache hands them: a handler that changes what it read fails loudly.
      value: deepFreeze(structuredClone(value)),
      fetchedAt,
      stale: false,
    });
  const data: ClubData = {
    members: () => cached(decoded.members),
    sessions: () => cached(decoded.sessions),
    whosWho: () => cached(decoded.whosWho),
    groups: () => cached(decoded.groups),
    roles: () => cached(decoded.roles),
    events: () => cached(decoded.events),
    meets: () => cached(decoded.meets),
    incidents: () => cached(decoded.incidents),
    trialRequests: () => cached(decoded.trialRequests),
    waitingList: () => cached(decoded.waitingList),
    async memberSensitive(guid) {
      sensitiveReads.push(guid);
      const user = club.users.find((candidate) => candidate.Guid === guid);
      if (!user) throw new Error(`no member ${guid} in the seeded club`);
      return decodeMemberSensitive({ ...user });
    },
    async freshMembers(guids) {
      sensitiveReads.push(...guids);
      const wanted = new Set(guids);
      return club.users
        .filter((user) => wanted.has(user.Guid))
        .map((user) => decodeFreshMember({ ...user }));
    },
    async incident(guid) {
      incidentReads.push(guid);
      const record = club.incidents.find((candidate) => candidate.Guid === guid);
      if (!record) throw new Error(`no incident ${guid} in the seeded club`);
      return decodeIncident({ ...record });
    },
  };
  return { ...decoded, data, club, today, fetchedAt, sensitiveReads, incidentReads };
}
