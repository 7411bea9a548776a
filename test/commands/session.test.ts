import { describe, expect, it } from 'vitest';
import type { ClubSession } from '../../src/club/domain.js';
import { displayName } from '../../src/commands/display-name.js';
import { matchSessions, runsOn } from '../../src/commands/match-sessions.js';
import type { Reply, ReplySection } from '../../src/commands/reply.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { askerWith, london, run } from './command-context.js';

const coach = askerWith(['coach']);
// 2026-03-10 is a Tuesday.
const tuesdayNoon = new Date('2026-03-10T12:00:00Z');

function sessionTitles(reply: Reply): string[] {
  return (reply.sections ?? []).flatMap((section) =>
    section.kind === 'fields' && section.title ? [section.title] : [],
  );
}

function field(section: ReplySection | undefined, label: string): string | undefined {
  return section?.kind === 'fields'
    ? section.fields.find((candidate) => candidate.label === label)?.value
    : undefined;
}

function rosterOf(reply: Reply, name: string): string[][] {
  const sections = reply.sections ?? [];
  const index = sections.findIndex((s) => s.kind === 'fields' && s.title === name);
  const table = sections[index + 1];
  return table?.kind === 'table' ? table.rows : [];
}

describe('/session', () => {
  it("when a coach asks for a Tuesday session, then each Tuesday session's roster is shown with the known-as name first", async () => {
    const club = memoryClubData();
    const jane = club.members.find((m) => m.firstName === 'Jane' && m.lastName === 'Smith');
    if (!jane) throw new Error('the fixture member is missing');
    jane.knownAs = 'Janey';
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      options: { when: 'Tuesday' },
    });
    expect(sessionTitles(reply)).toEqual([
      'Tuesday Performance',
      'Tuesday Juniors',
      'Tuesday Development',
      'Tuesday Masters',
    ]);
    const roster = rosterOf(reply, 'Tuesday Development');
    expect(roster.map((row) => row[0])).toContain('Janey Smith');
    expect(roster.map((row) => row[0])).not.toContain('Jane Smith');
    expect(reply.personalData).toBe(true);
    expect(reply.visibility).toBe('asker');
    expect(reply.footer).toBe('Club data from 3 hours ago');
  });

  it('when a roster is shown, then it has time, place, coaches, count against max and last attended, sorted by name', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      options: { when: 'tuesday development' },
    });
    const seeded = club.sessions.find((s) => s.name === 'Tuesday Development') as ClubSession;
    const details = reply.sections?.[0];
    expect(details?.title).toBe('Tuesday Development');
    expect(field(details, 'Day')).toBe('Tuesday');
    expect(field(details, 'Time')).toBe(`${seeded.startTime}–${seeded.endTime}`);
    expect(field(details, 'Place')).toBe(seeded.location);
    expect(field(details, 'Swimmers')).toBe(`${seeded.members.length} / ${seeded.maxMembers}`);
    const coachNames = seeded.coaches.map((c) =>
      displayName(club.members.find((m) => m.guid === c.guid)!),
    );
    expect(field(details, 'Coaches')).toBe(coachNames.join(', '));
    const table = reply.sections?.[1];
    expect(table?.kind === 'table' && table.columns).toEqual(['Swimmer', 'Last attended']);
    const names = rosterOf(reply, 'Tuesday Development').map((row) => row[0] ?? '');
    expect(names).toHaveLength(seeded.members.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(rosterOf(reply, 'Tuesday Development')[0]?.[1]).toMatch(/^\w{3} \d{1,2} \w{3} 20\d\d$/);
  });

  it.each(['tue', 'Tues', 'TUESDAY', 'tuesdays', 'Tu'])(
    'when the day is written "%s", then it is read as Tuesday',
    async (when) => {
      const club = memoryClubData();
      const reply = await run('session', { data: club.data, asker: coach, options: { when } });
      expect(reply.title).toBe('Sessions: Tuesday');
    },
  );

  it.each([
    ['weds', 'Wednesday'],
    ['Wed', 'Wednesday'],
    ['thurs', 'Thursday'],
    ['THUR', 'Thursday'],
    ['sat', 'Saturday'],
  ])('when the day is written "%s", then it is read as %s', async (when, day) => {
    const club = memoryClubData();
    const reply = await run('session', { data: club.data, asker: coach, options: { when } });
    expect(reply.title).toBe(`Sessions: ${day}`);
    expect(sessionTitles(reply).every((title) => title.startsWith(day))).toBe(true);
  });

  it('when part of a session name is given, then every session with it in its name is shown', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      options: { when: 'masters' },
    });
    expect(sessionTitles(reply)).toEqual(['Tuesday Masters', 'Thursday Masters', 'Sunday Masters']);
  });

  it('when an archived session is named, then it is not shown and the choices are listed', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      options: { when: 'water polo' },
    });
    expect(reply.title).toBe('Which session?');
    expect(reply.personalData).toBe(false);
  });

  it('when nothing matches, then the reply lists the weekdays, today, tonight and the session names', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      options: { when: 'funday' },
    });
    expect(reply.tone).toBe('warning');
    const lists = (reply.sections ?? []).flatMap((s) => (s.kind === 'list' ? s.items : []));
    expect(lists).toEqual(
      expect.arrayContaining(['today', 'tonight', 'Monday', 'Sunday', 'Tuesday Development']),
    );
    expect(lists).not.toContain('Friday Water Polo');
  });
});

describe('/session today and tonight', () => {
  it('when a coach asks for tonight on a Tuesday, then the evening sessions are shown and the early one is not', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      now: tuesdayNoon,
      options: { when: 'tonight' },
    });
    expect(reply.title).toBe('Sessions: Tonight (Tuesday)');
    expect(sessionTitles(reply)).toEqual([
      'Tuesday Juniors',
      'Tuesday Development',
      'Tuesday Masters',
    ]);
  });

  it('when a coach asks for today on a Tuesday, then every Tuesday session is shown', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      now: tuesdayNoon,
      options: { when: 'Today' },
    });
    expect(sessionTitles(reply)).toHaveLength(4);
  });

  it("when tonight is asked on a day with only morning sessions, then all of that day's sessions are shown", async () => {
    const club = memoryClubData();
    const saturday = new Date('2026-03-14T12:00:00Z');
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      now: saturday,
      options: { when: 'tonight' },
    });
    expect(sessionTitles(reply)).toEqual([
      'Saturday Performance',
      'Saturday Minnows',
      'Saturday Juniors',
    ]);
  });

  it("when a session's no-session date is today, then today leaves it out", async () => {
    const club = memoryClubData();
    const closed = club.sessions.find(
      (s) => !s.archived && s.noSessionDates.length > 0,
    ) as ClubSession;
    const day = closed.noSessionDates[0] as string;
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      now: new Date(`${day}T10:00:00Z`),
      options: { when: 'today' },
    });
    expect(reply.title).toContain(closed.weekday);
    expect(sessionTitles(reply)).not.toContain(closed.name);
    // Asked by weekday, the timetable still lists it.
    const byDay = await run('session', {
      data: club.data,
      asker: coach,
      options: { when: closed.weekday as string },
    });
    expect(sessionTitles(byDay)).toContain(closed.name);
  });

  it('when it is Sunday 23:30 UTC just after the clocks went forward, then today is Monday in London', async () => {
    const club = memoryClubData({ today: '2026-03-29' });
    const reply = await run('session', {
      data: club.data,
      asker: coach,
      now: new Date('2026-03-29T23:30:00Z'),
      options: { when: 'today' },
    });
    expect(reply.title).toBe('Sessions: Today (Monday)');
    expect(sessionTitles(reply).every((title) => title.startsWith('Monday'))).toBe(true);
  });

  it('when it is 16:30 UTC on the Monday after the change, then tonight is the Monday evening sessions', () => {
    const club = memoryClubData({ today: '2026-03-30' });
    const monday = new Date('2026-03-30T16:30:00Z');
    const match = matchSessions(club.sessions, 'tonight', monday, london);
    expect(match.kind === 'found' && match.sessions.map((s) => s.name)).toEqual([
      'Monday Minnows',
      'Monday Development',
      'Monday Performance',
    ]);
  });

  it('when no session runs today, then the reply says so', () => {
    const sessions: ClubSession[] = [];
    const match = matchSessions(sessions, 'today', tuesdayNoon, london);
    expect(match).toEqual({ kind: 'none-that-day', label: 'Today (Tuesday)' });
  });

  it('when a no-session entry is a date range, then every day in it is skipped', () => {
    const session = { noSessionDates: ['2026-04-06 to 2026-04-17', '2026-05-04'] };
    expect(runsOn(session, '2026-04-10')).toBe(false);
    expect(runsOn(session, '2026-04-18')).toBe(true);
    expect(runsOn(session, '2026-05-04')).toBe(false);
  });
});
