import type { ClubSession, Member, WaitingListPerson } from '../../club/domain.js';
import { membersByGuid } from '../../club/members/members-of.js';
import { ageOn } from '../../club/time/club-time.js';
import { inTimetableOrder } from '../../club/time/match-sessions.js';

/** The ages, in whole years on the day, of a session's current swimmers. */
export interface AgeRange {
  min: number;
  max: number;
}

/** A session with room, or with no limit set, and who on the waiting list fits it. */
export interface OpenSession {
  session: ClubSession;
  /** Places free; undefined when the session has no MaxMembers. */
  free?: number;
  /** Undefined when no current swimmer's age is known: then nobody is matched (right, or ask). */
  ages?: AgeRange;
  /** Waiting-list people whose age is in the range, oldest request first. */
  waiting: WaitingListPerson[];
}

export interface FreePlaces {
  open: OpenSession[];
  /** Sessions with a limit and no place free. */
  full: ClubSession[];
}

/**
 * Pure: the current sessions with room (MaxMembers against the swimmers listed) or no limit set,
 * each with the waiting-list people of a fitting age, oldest request first. A session's age range
 * is that of its current (active) swimmers today: the service records no ages for a session
 * (docs/decisions.md). Someone without a date of birth fits nowhere.
 */
export function freePlaces(input: {
  sessions: readonly ClubSession[];
  members: readonly Member[];
  waitingList: readonly WaitingListPerson[];
  today: string;
}): FreePlaces {
  const byGuid = membersByGuid(input.members);
  const waiting = [...input.waitingList].sort((a, b) =>
    (a.dateAdded ?? '9999').localeCompare(b.dateAdded ?? '9999'),
  );
  const current = inTimetableOrder(input.sessions.filter((session) => !session.archived));
  const open: OpenSession[] = [];
  const full: ClubSession[] = [];
  for (const session of current) {
    const free =
      session.maxMembers === undefined ? undefined : session.maxMembers - session.members.length;
    if (free !== undefined && free <= 0) {
      full.push(session);
      continue;
    }
    const ages = ageRange(session, byGuid, input.today);
    const fits = (person: WaitingListPerson) => {
      const age = ageOn(person.dateOfBirth, input.today);
      return ages !== undefined && age !== undefined && age >= ages.min && age <= ages.max;
    };
    open.push({ session, free, ages, waiting: ages ? waiting.filter(fits) : [] });
  }
  return { open, full };
}

function ageRange(
  session: ClubSession,
  byGuid: ReadonlyMap<string, Member>,
  today: string,
): AgeRange | undefined {
  const ages = session.members.flatMap((swimmer) => {
    const member = byGuid.get(swimmer.guid);
    const age = member?.active ? ageOn(member.dateOfBirth, today) : undefined;
    return age === undefined ? [] : [age];
  });
  return ages.length > 0 ? { min: Math.min(...ages), max: Math.max(...ages) } : undefined;
}
