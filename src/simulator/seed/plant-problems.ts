import { addYears, formatDay, parseDay, previousWeekDay, weekDayOf, yearOf } from './dates.js';
import { FIXTURE_MEMBER } from './fixture-member.js';
import type { SeedClubGroup, SeedClubSession, SeedWaitingListPerson } from './records.js';
import type { SeedContext } from './seed-context.js';
import type { SeedUser } from './seed-user.js';

/**
 * The problems planted on purpose, by the Guid of the record that carries each (docs/simulator.md,
 * "Problems planted on purpose"). One is left out when the club is too small to hold it.
 */
export interface PlantedProblems {
  /** A coach of today's (evening) session whose DBS renewal is 15 days overdue. */
  lapsedDbsCoach?: string;
  /** A coach of a current session with no DBS check on record. */
  noDbsCoach?: string;
  /** A coach whose safeguarding course is due in 20 days. */
  safeguardingDueCoach?: string;
  /** An under-18 swimmer with no emergency contact. */
  noEmergencyContact?: string;
  /** An under-18 swimmer with no parent on record (on neither side of the link). */
  noParent?: string;
  /** An adult member with no date of birth. */
  noDob?: string;
  /** A member who last confirmed their details 400 days ago. */
  detailsUnconfirmed?: string;
  /** An active adult swimmer in no session and no group. */
  unplacedSwimmer?: string;
  /** A swimmer who left 30 days ago and is still listed in their sessions. */
  leftButInSession?: string;
  /** Two adults sharing one e-mail address. */
  sharedEmail?: string[];
  /** A parent whose swimmers have all left. */
  parentOfLeavers?: string;
  /** Friday Minnows: no place free, while children wait since December. */
  fullSession?: string;
  /** A waiting child added in December of last year. */
  waitingSinceDecember?: string;
  /** A session with no MaxMembers. */
  noLimitSession?: string;
}

interface PlantableClub {
  users: SeedUser[];
  sessions: SeedClubSession[];
  groups: SeedClubGroup[];
  waitingList: SeedWaitingListPerson[];
}

/**
 * Plants one of every problem `/checks` and `/places` find, on records that exist (no new Guids,
 * no new members), away from the fixture family and the club's office holders. Its own random
 * stream, so the rest of the club is what it was.
 */
export function plantProblems(ctx: SeedContext, club: PlantableClub): PlantedProblems {
  const { today, random } = ctx;
  const planted: PlantedProblems = {};
  const now = formatDay(today);
  const age = (user: SeedUser) => {
    const born = user.DOB ?? '';
    return (
      Number(now.slice(0, 4)) - Number(born.slice(0, 4)) - (now.slice(5) < born.slice(5) ? 1 : 0)
    );
  };
  const fixture = (user: SeedUser) =>
    user.Lastname === FIXTURE_MEMBER.Lastname &&
    [FIXTURE_MEMBER.Firstname, FIXTURE_MEMBER.parent.Firstname].includes(user.Firstname as never);
  const used = new Set<string>();
  const take = (candidates: SeedUser[]) => {
    const free = candidates.filter((u) => !used.has(u.Guid));
    const user = free.length > 0 ? random.pick(free) : undefined;
    if (user) used.add(user.Guid);
    return user;
  };
  const plain = club.users.filter(
    (u) => u.Active === 1 && !fixture(u) && u.JobTitle === undefined && u.InWhosWho === 0,
  );
  const children = plain.filter((u) => u.IsASwimmer === 1 && age(u) < 18 && age(u) >= 8);
  const adultSwimmers = plain.filter(
    (u) => u.IsASwimmer === 1 && u.IsAParent === 0 && age(u) >= 21,
  );
  const current = club.sessions.filter((s) => s.Archived === 0);
  const byGuid = new Map(club.users.map((u) => [u.Guid, u]));

  // Welfare: coaches on duty, tonight's first.
  const tonight = current
    .filter((s) => s.WeekDay === weekDayOf(today))
    .sort((a, b) => Number(b.StartTime >= '16:00') - Number(a.StartTime >= '16:00'));
  const settled = (u: SeedUser) =>
    u.DBSRenewalDate !== undefined && u.DBSRenewalDate > formatDay(today + 60);
  const coachesOf = (sessions: SeedClubSession[]) =>
    sessions
      .flatMap((s) => s.Coaches.flatMap(({ Guid }) => byGuid.get(Guid) ?? []))
      .filter((u) => u.JobTitle !== 'Head Coach');
  const lapsed = take(coachesOf(tonight).filter(settled).slice(0, 1));
  if (lapsed) {
    const renewal = today - 15;
    Object.assign(lapsed, {
      DBSRenewalDate: formatDay(renewal),
      DBSDate: formatDay(addYears(renewal, -3)),
    });
    planted.lapsedDbsCoach = lapsed.Guid;
  }
  const noDbs = take(coachesOf(current).filter(settled));
  if (noDbs) {
    unset(noDbs, 'DBSDate', 'DBSRenewalDate', 'DBSCertificateNumber');
    planted.noDbsCoach = noDbs.Guid;
  }
  const course = take(coachesOf(current)) ?? lapsed;
  if (course) {
    const renewal = today + 20;
    Object.assign(course, {
      SafeguardingRenewalDate: formatDay(renewal),
      SafeguardingDate: formatDay(addYears(renewal, -3)),
    });
    planted.safeguardingDueCoach = course.Guid;
  }
  const noContact = take(children);
  if (noContact) {
    unset(
      noContact,
      'EmergencyContactPerson1',
      'EmergencyContactPhone1',
      'EmergencyContactPerson2',
      'EmergencyContactPhone2',
    );
    planted.noEmergencyContact = noContact.Guid;
  }
  // A child whose parents keep another swimmer, so no parent is left with none.
  const orphan = take(
    children.filter((child) =>
      child.Parents.every((guid) => (byGuid.get(guid)?.Swimmers.length ?? 0) > 1),
    ),
  );
  if (orphan) {
    for (const guid of orphan.Parents) {
      const parent = byGuid.get(guid);
      if (parent) parent.Swimmers = parent.Swimmers.filter((swimmer) => swimmer !== orphan.Guid);
    }
    orphan.Parents = [];
    planted.noParent = orphan.Guid;
  }

  // Membership.
  const parents = plain.filter((u) => u.IsAParent === 1 && u.IsASwimmer === 0 && age(u) >= 21);
  const noDob = take(parents);
  if (noDob) {
    unset(noDob, 'DOB');
    planted.noDob = noDob.Guid;
  }
  const unconfirmed = take(parents);
  if (unconfirmed) {
    unconfirmed.DetailsConfirmedCorrect = formatDay(today - 400);
    planted.detailsUnconfirmed = unconfirmed.Guid;
  }
  const unplaced = take(adultSwimmers);
  if (unplaced) {
    for (const place of [...club.sessions, ...club.groups])
      place.Members = place.Members.filter((m) => m.Guid !== unplaced.Guid);
    planted.unplacedSwimmer = unplaced.Guid;
  }
  const leaver = take(adultSwimmers);
  if (leaver) {
    Object.assign(leaver, { Active: 0, DateLeft: formatDay(today - 30) });
    planted.leftButInSession = leaver.Guid;
  }
  const [first, second] = [take(parents), take(parents)];
  if (first?.Email && second) {
    second.Email = first.Email;
    planted.sharedEmail = [first.Guid, second.Guid];
  }
  const leftFamily = take(
    parents.filter((p) =>
      p.Swimmers.every((guid) => !used.has(guid) && !fixture(byGuid.get(guid) as SeedUser)),
    ),
  );
  if (leftFamily) {
    for (const guid of leftFamily.Swimmers) {
      const swimmer = byGuid.get(guid);
      if (!swimmer) continue;
      Object.assign(swimmer, { Active: 0, DateLeft: formatDay(today - 60) });
      used.add(guid);
      for (const place of [...club.sessions, ...club.groups])
        place.Members = place.Members.filter((m) => m.Guid !== guid);
    }
    planted.parentOfLeavers = leftFamily.Guid;
  }

  Object.assign(planted, fillFridayMinnows(ctx, club, used));
  const noLimit = current.find((s) => s.SessionName === 'Sunday Masters');
  if (noLimit) {
    delete noLimit.MaxMembers;
    planted.noLimitSession = noLimit.Guid;
  }
  return planted;
}

/**
 * Friday Minnows full (0 of 10 places, or as many as it holds) with Minnows from the squad's other
 * sessions, while a child of Minnows age has waited since December of last year.
 */
function fillFridayMinnows(
  ctx: SeedContext,
  club: PlantableClub,
  used: ReadonlySet<string>,
): Pick<PlantedProblems, 'fullSession' | 'waitingSinceDecember'> {
  const { today } = ctx;
  const planted: Pick<PlantedProblems, 'fullSession' | 'waitingSinceDecember'> = {};
  const friday = club.sessions.find((s) => s.SessionName === 'Friday Minnows' && s.Archived === 0);
  if (friday) {
    const listed = new Set(friday.Members.map((m) => m.Guid));
    const minnows = club.sessions
      .filter((s) => s.Archived === 0 && s.SessionName.endsWith(' Minnows'))
      .flatMap((s) => s.Members.map((m) => m.Guid));
    for (const guid of new Set(minnows)) {
      if (friday.Members.length >= 10) break;
      if (listed.has(guid) || used.has(guid)) continue;
      friday.Members.push({
        Guid: guid,
        LastAttended: formatDay(previousWeekDay(today, 'Friday')),
      });
    }
    if (friday.Members.length > 0) {
      friday.MaxMembers = friday.Members.length;
      planted.fullSession = friday.Guid;
    }
  }
  const december = `${yearOf(today) - 1}-12-04`;
  const child = club.waitingList[0];
  if (child && parseDay(december) < today) {
    child.DateAdded = december;
    if (child.DateLastEmailed !== undefined && child.DateLastEmailed < december)
      delete child.DateLastEmailed;
    club.waitingList.sort((a, b) => a.DateAdded.localeCompare(b.DateAdded));
    planted.waitingSinceDecember = child.Guid;
  }
  return planted;
}

/** Takes fields off a record, as the wire leaves an unset field out. */
function unset(user: SeedUser, ...fields: (keyof SeedUser)[]): void {
  const record: Partial<SeedUser> = user;
  for (const field of fields) delete record[field];
}
