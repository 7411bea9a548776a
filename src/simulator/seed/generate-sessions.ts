import type { ClubPerson } from './club-person.js';
import { formatDay, nextWeekDay, previousWeekDay } from './dates.js';
import type { SeedClubSession, SeedSessionAttendee, WeekDay } from './records.js';
import type { SeedContext } from './seed-context.js';
import { ARCHIVED_SESSION, SESSION_TIMETABLE, type TimetableSlot } from './session-timetable.js';
import { EXTRA_SESSION_CHANCE, SQUAD_FEES, type Squad } from './squads.js';

/**
 * The weekly sessions of the timetable plus one archived session. Every active swimmer has one
 * regular session of their squad and may attend its others; MaxMembers is set at or above the
 * count. Coaches: the Head Coach leads every Performance session, others are shared out so a
 * session has one coach per 25 swimmers (at least one, at most six).
 */
export function generateSessions(
  ctx: SeedContext,
  people: readonly ClubPerson[],
): SeedClubSession[] {
  const { random } = ctx;
  const slotsBySquad = new Map<Squad, TimetableSlot[]>();
  for (const slot of SESSION_TIMETABLE) {
    slotsBySquad.set(slot.squad, [...(slotsBySquad.get(slot.squad) ?? []), slot]);
  }
  const attendees = new Map<TimetableSlot, SeedSessionAttendee[]>(
    SESSION_TIMETABLE.map((slot) => [slot, []]),
  );
  for (const person of people) {
    if (person.squad === undefined) continue;
    const slots = slotsBySquad.get(person.squad) ?? [];
    const regular =
      slots.find((slot) => sessionName(slot) === person.regularSession) ?? random.pick(slots);
    for (const slot of slots) {
      if (slot !== regular && !random.chance(EXTRA_SESSION_CHANCE[slot.squad])) continue;
      attendees
        .get(slot)
        ?.push({ Guid: person.user.Guid, LastAttended: lastAttended(ctx, slot.weekDay) });
    }
  }

  const headCoach = people.find((person) => person.user.JobTitle === 'Head Coach');
  const otherCoaches = random.shuffle(
    people.filter((person) => person.user.IsACoach === 1 && person !== headCoach),
  );
  let nextCoach = 0;
  const sessions = SESSION_TIMETABLE.map((slot): SeedClubSession => {
    const members = attendees.get(slot) ?? [];
    const wanted = Math.min(6, Math.max(1, Math.ceil(members.length / 25)));
    const coaches: ClubPerson[] = [];
    if (slot.squad === 'Performance' && headCoach !== undefined) coaches.push(headCoach);
    while (coaches.length < wanted && otherCoaches.length > 0) {
      const coach = otherCoaches[nextCoach++ % otherCoaches.length] as ClubPerson;
      if (coaches.includes(coach)) break;
      coaches.push(coach);
    }
    return {
      Guid: ctx.newGuid(),
      SessionName: sessionName(slot),
      WeekDay: slot.weekDay,
      StartTime: slot.start,
      EndTime: slot.end,
      SessionFee: SQUAD_FEES[slot.squad].session,
      NoSessionDates: noSessionDates(ctx, slot.weekDay),
      MaxMembers: Math.max(10, Math.ceil((members.length + random.int(0, 6)) / 5) * 5),
      SessionLocation: slot.location,
      Archived: 0,
      Coaches: coaches.map((coach) => ({
        Guid: coach.user.Guid,
        LastAttended: lastAttended(ctx, slot.weekDay),
      })),
      Members: members,
    };
  });
  return [...sessions, archivedSession(ctx, otherCoaches[0] ?? headCoach)];
}

export function sessionName(slot: TimetableSlot): string {
  return `${slot.weekDay} ${slot.squad}`;
}

/** Usually last week's session, sometimes one a few weeks back. */
function lastAttended(ctx: SeedContext, weekDay: WeekDay): string {
  const roll = ctx.random.next();
  const weeksBack = roll < 0.7 ? 0 : roll < 0.9 ? 1 : ctx.random.int(2, 6);
  return formatDay(previousWeekDay(ctx.today, weekDay) - 7 * weeksBack);
}

/** Two coming dates when the pool is closed. */
function noSessionDates(ctx: SeedContext, weekDay: WeekDay): string[] {
  const first = ctx.random.int(1, 5);
  const second = first + ctx.random.int(1, 6);
  const next = nextWeekDay(ctx.today, weekDay);
  return [first, second].map((weeks) => formatDay(next + 7 * weeks));
}

/** A session the club stopped running a year ago; nobody attends it now. */
function archivedSession(ctx: SeedContext, coach: ClubPerson | undefined): SeedClubSession {
  const lastRun = formatDay(previousWeekDay(ctx.today - 365, ARCHIVED_SESSION.weekDay));
  return {
    Guid: ctx.newGuid(),
    SessionName: ARCHIVED_SESSION.name,
    WeekDay: ARCHIVED_SESSION.weekDay,
    StartTime: ARCHIVED_SESSION.start,
    EndTime: ARCHIVED_SESSION.end,
    SessionFee: ARCHIVED_SESSION.fee,
    NoSessionDates: [],
    MaxMembers: 20,
    SessionLocation: ARCHIVED_SESSION.location,
    Archived: 1,
    Coaches: coach === undefined ? [] : [{ Guid: coach.user.Guid, LastAttended: lastRun }],
    Members: [],
  };
}
