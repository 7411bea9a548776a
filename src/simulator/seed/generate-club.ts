import { parseDay } from './dates.js';
import type { SeedCodeOfConduct, SeedNotice } from './beyond-spec-records.js';
import { addDueDates } from './due-dates.js';
import { addPoolsideNotes } from './poolside-notes.js';
import { generateCodesOfConduct } from './generate-codes-of-conduct.js';
import { generateEmailLists } from './generate-email-lists.js';
import { generateEvents } from './generate-events.js';
import { generateGroups } from './generate-groups.js';
import { generateIncidents } from './generate-incidents.js';
import { generateMeets } from './generate-meets.js';
import { generateMembers } from './generate-members.js';
import { generateNoticeBoard } from './generate-notice-board.js';
import { generateRoles } from './generate-roles.js';
import { generateSessions } from './generate-sessions.js';
import { generateTrialRequests } from './generate-trial-requests.js';
import { generateWaitingList } from './generate-waiting-list.js';
import { generateWhosWho } from './generate-whos-who.js';
import type {
  SeedClubEvent,
  SeedClubGroup,
  SeedClubRole,
  SeedClubSession,
  SeedEmailList,
  SeedIncident,
  SeedMeet,
  SeedTrialRequest,
  SeedWaitingListPerson,
  SeedWhosWho,
} from './records.js';
import type { SeedUser } from './seed-user.js';
import { createSeedContexts } from './seed-context.js';
import { plantProblems, type PlantedProblems } from './plant-problems.js';
import { compactUser } from './user-fields.js';

/** The smallest and largest clubs the generator makes. */
export const MIN_MEMBERS = 20;
export const MAX_MEMBERS = 5000;

export interface GenerateClubOptions {
  /**
   * The number of members: exactly this many User records, every one counted (parents, coaches
   * and volunteers as well as swimmers). 20 to 5000.
   */
  members: number;
  /** Any safe integer; the same seed (with the same members and today) gives the same club. */
  seed: number;
  /** The club's "today", `yyyy-mm-dd`: ages, recent and coming dates are counted from it. */
  today: string;
}

/** A fictional club, every record in the club service's wire shape (see records.ts). */
export interface SeededClub {
  /** Every member, in order of joining (MemberID order). Committee members have CommitteeMember 1. */
  users: SeedUser[];
  sessions: SeedClubSession[];
  groups: SeedClubGroup[];
  roles: SeedClubRole[];
  emailLists: SeedEmailList[];
  whosWho: SeedWhosWho;
  events: SeedClubEvent[];
  meets: SeedMeet[];
  incidents: SeedIncident[];
  trialRequests: SeedTrialRequest[];
  waitingList: SeedWaitingListPerson[];
  /** Beyond the spec (the real host's `CodeOfConduct`): last season's code and the current one. */
  codesOfConduct: SeedCodeOfConduct[];
  /** Beyond the spec (the real host's `NoticeBoard`). */
  noticeBoard: SeedNotice[];
  /** Not a collection: which records carry the problems planted for /checks and /places. */
  planted: PlantedProblems;
}

/**
 * Generates a realistic fictional British swimming club, the same for the same options: families of
 * juniors and parents, adult and masters swimmers, coaches, volunteers and a committee, their
 * weekly sessions, squads, roles, mailing lists and who's who, plus events, meets, incidents, trial
 * requests and a waiting list around `today`, and, beyond the spec, the real host's codes of conduct
 * (a few active members have not agreed the current one) and notice board. It always includes the fixture member Jane Smith
 * (see fixture-member.ts). Names, addresses, emails (example.org/.com/.net) and phone numbers
 * (Ofcom's drama ranges) are all fictional. Throws RangeError for a bad size, seed or date.
 */
export function generateClub(options: GenerateClubOptions): SeededClub {
  const { members, seed, today } = options;
  if (!Number.isInteger(members) || members < MIN_MEMBERS || members > MAX_MEMBERS) {
    throw new RangeError(
      `members must be a whole number from ${MIN_MEMBERS} to ${MAX_MEMBERS}: ${members}`,
    );
  }
  const context = createSeedContexts(seed, parseDay(today));
  const people = generateMembers(context('members'), members);
  const club: Omit<SeededClub, 'codesOfConduct' | 'noticeBoard' | 'planted'> = {
    users: people.map((person) => compactUser(person.user)),
    sessions: generateSessions(context('sessions'), people),
    groups: generateGroups(context('groups'), people),
    roles: generateRoles(context('roles'), people),
    emailLists: generateEmailLists(context('email-lists'), people),
    whosWho: generateWhosWho(people),
    events: generateEvents(context('events')),
    meets: generateMeets(context('meets')),
    incidents: generateIncidents(context('incidents'), people),
    trialRequests: generateTrialRequests(context('trial-requests'), members),
    waitingList: generateWaitingList(context('waiting-list'), members),
  };
  // Something for digests to say on `today` (#33).
  addDueDates(context('due-dates'), club);
  // Something for the poolside sheet and the roster's consent markers on any day (#44).
  addPoolsideNotes(context('poolside-notes'), club);
  // One of every problem the checks find (#44), on records that exist.
  const planted = plantProblems(context('problems'), club);
  // Last, so the Guids and records above are those of a club generated without them.
  return {
    ...club,
    codesOfConduct: generateCodesOfConduct(context('codes-of-conduct'), people),
    noticeBoard: generateNoticeBoard(context('notice-board')),
    planted,
  };
}
