import type { BotRole } from './roles.js';
import type {
  ClubEvent,
  ClubSession,
  Incident,
  Meet,
  Member,
  MemberSensitive,
  NamedMembership,
  TrialRequest,
  WaitingListPerson,
  WhosWhoCategory,
} from '../club/domain.js';
import type { FreshMember } from '../club/fresh-member.js';
import type { ClubApiLayoutSetting } from '../club/club-layout.js';
import type { ClubApiLayout } from '../club/collections.js';

/** Data with its age: `fetchedAt` is when it came from the club service (epoch ms). */
export interface Cached<T> {
  value: T;
  fetchedAt: number;
  /** True when it is older than the cache's freshness (served while a refresh runs, or budget is short). */
  stale: boolean;
  /** True when the last attempt to refresh it failed (no budget, the service down). Default: false. */
  refreshFailed?: boolean;
}

/**
 * The club's records as handlers read them. The worker backs it with the Redis cache and the
 * budget; tests back it with a seeded club in memory. Handlers never call the club service.
 */
export interface ClubData {
  members(): Promise<Cached<Member[]>>;
  sessions(): Promise<Cached<ClubSession[]>>;
  whosWho(): Promise<Cached<WhosWhoCategory[]>>;
  groups(): Promise<Cached<NamedMembership[]>>;
  roles(): Promise<Cached<NamedMembership[]>>;
  events(): Promise<Cached<ClubEvent[]>>;
  meets(): Promise<Cached<Meet[]>>;
  incidents(): Promise<Cached<Incident[]>>;
  trialRequests(): Promise<Cached<TrialRequest[]>>;
  waitingList(): Promise<Cached<WaitingListPerson[]>>;
  /** Special-category fields of one member: fetched per request, never cached. */
  memberSensitive(guid: string): Promise<MemberSensitive>;
  /**
   * The records of `guids` with their special-category fields, read now, never cached: by the
   * fewer of the members collection's pages and one read each. Those not found are left out.
   */
  freshMembers(guids: readonly string[]): Promise<FreshMember[]>;
  /** One incident with its details and comments: fetched per request, never cached. */
  incident(guid: string): Promise<Incident>;
}

/** What `/quota` shows. */
export interface QuotaReport {
  limit: number;
  used: number;
  remaining: number;
  /** When the oldest counted call leaves the 24-hour window (epoch ms), if any. */
  nextUnitAt: number | null;
  byPriority: Record<'write' | 'interactive' | 'background', { available: number }>;
  cacheAges: { collection: string; fetchedAt: number | null }[];
  queue: { waiting: number; active: number; delayed: number; failed: number };
  /** How the club service's paths are spelled: the setting, and the layout in use (null: not found yet). */
  layout: { setting: ClubApiLayoutSetting; inUse: ClubApiLayout | null };
}

/**
 * The people a refusal or a form's notice names, from the club's own records: who holds the
 * offices that give the welfare, membership, head-coach and admin roles. Plain JSON.
 */
export interface ClubContacts {
  /** "Wendy Hale (Welfare Officer)", by the bot role their club role gives; absent: nobody. */
  byRole: Partial<Record<BotRole, readonly string[]>>;
  /** Whether reports from people the bot cannot link are filed (`CLUB_REPORTS_MEMBER` is a member). */
  reportsFiled: boolean;
  /** The member Guid such reports are filed under (`CLUB_REPORTS_MEMBER`); absent: none. */
  reportsAccount?: string;
}
