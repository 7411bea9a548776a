import { describe, expect, it } from 'vitest';
import type { ClubSession } from '../../src/club/domain.js';
import { displayName } from '../../src/commands/display-name.js';
import { matchSessions, runsOn } from '../../src/commands/match-sessions.js';
import { readRosterPage, rosterPageSize, sessionReply } from '../../src/commands/session.js';
import { replyToPlainText, type Reply, type ReplySection } from '../../src/commands/reply.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { askerWith, london, run } from './command-context.js';

// The head coach sees every session's roster; a coach only their own (see the end of this file).
const headCoach = askerWith(['coach', 'head-coach'], 'head-coach-guid');
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

function rosterOf(reply: Reply, name: string): readonly (readonly string[])[] {
  const sections = reply.sections ?? [];
  const index = sections.findIndex((s) => s.kind === 'fields' && s.title === name);
  const table = sections[index + 1];
  return table?.kind === 'table' ? table.rows : [];
}

describe('/session', () => {
  it("when the head coach asks for a Tuesday session, then each Tuesday session's roster is shown with the known-as name first", async () => {
    const club = memoryClubData();
    const jane = club.members.find((m) => m.firstName === 'Jane' && m.lastName === 'Smith');
    if (!jane) throw new Error('the fixture member is missing');
    jane.knownAs = 'Janey';
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
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
      asker: headCoach,
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
      const reply = await run('session', { data: club.data, asker: headCoach, options: { when } });
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
    const reply = await run('session', { data: club.data, asker: headCoach, options: { when } });
    expect(reply.title).toBe(`Sessions: ${day}`);
    expect(sessionTitles(reply).every((title) => title.startsWith(day))).toBe(true);
  });

  it('when part of a session name is given, then every session with it in its name is shown', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
      options: { when: 'masters' },
    });
    expect(sessionTitles(reply)).toEqual(['Tuesday Masters', 'Thursday Masters', 'Sunday Masters']);
  });

  it('when an archived session is named, then it is not shown and the choices are listed', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
      options: { when: 'water polo' },
    });
    expect(reply.title).toBe('Which session?');
    expect(reply.personalData).toBe(false);
  });

  it('when nothing matches, then the reply lists the weekdays, today, tonight and the session names', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
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
  it('when the head coach asks for tonight on a Tuesday, then the evening sessions are shown and the early one is not', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
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

  it('when the head coach asks for today on a Tuesday, then every Tuesday session is shown', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
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
      asker: headCoach,
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
      asker: headCoach,
      now: new Date(`${day}T10:00:00Z`),
      options: { when: 'today' },
    });
    expect(reply.title).toContain(closed.weekday);
    expect(sessionTitles(reply)).not.toContain(closed.name);
    // Asked by weekday, the timetable still lists it.
    const byDay = await run('session', {
      data: club.data,
      asker: headCoach,
      options: { when: closed.weekday as string },
    });
    expect(sessionTitles(byDay)).toContain(closed.name);
  });

  it('when it is Sunday 23:30 UTC just after the clocks went forward, then today is Monday in London', async () => {
    const club = memoryClubData({ today: '2026-03-29' });
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
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

describe('/session of a long roster', () => {
  // A seeded club of 1,000 has sessions of over a hundred swimmers, and short ones.
  const big = memoryClubData({ members: 1_000 });
  const longest = big.sessions
    .filter((s) => !s.archived)
    .reduce((a, b) => (b.members.length > a.members.length ? b : a));
  const ask = (when: string) =>
    run('session', { data: big.data, asker: headCoach, options: { when } });

  it('when a roster is longer than a page, then its first 50 swimmers are shown A–Z, with the count and a button to the next page', async () => {
    const reply = await ask(longest.name);
    const count = longest.members.length;
    const pages = Math.ceil(count / rosterPageSize);
    expect(reply.title).toBe(`Sessions: ${longest.name} (page 1 of ${pages})`);
    const table = reply.sections?.[1];
    expect(table?.kind === 'table' && table.title).toBe(`Swimmers 1–50 of ${count}`);
    const names = rosterOf(reply, longest.name).map((row) => row[0] ?? '');
    expect(names).toHaveLength(rosterPageSize);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(field(reply.sections?.[0], 'Swimmers')).toBe(`${count} / ${longest.maxMembers}`);
    expect(reply.actions).toEqual([
      {
        id: 'roster-next',
        label: `More swimmers (page 2 of ${pages})`,
        kind: 'run-command',
        command: 'session',
        args: `${longest.name} page 2`,
      },
    ]);
    expect(reply.audit?.members).toHaveLength(rosterPageSize);
  });

  it('when the next page is asked for, then the next 50 follow on from the first, with buttons back and on', async () => {
    const first = rosterOf(await ask(longest.name), longest.name).map((row) => row[0]);
    const reply = await ask(`${longest.name} PAGE 2`);
    const second = rosterOf(reply, longest.name).map((row) => row[0]);
    expect(second).toHaveLength(Math.min(rosterPageSize, longest.members.length - 50));
    expect(second.some((name) => first.includes(name))).toBe(false);
    expect((first.at(-1) ?? '').localeCompare(second[0] ?? '', 'en-GB')).toBeLessThanOrEqual(0);
    expect(reply.actions?.map((action) => action.args)).toEqual(
      longest.members.length > 100
        ? [`${longest.name} page 1`, `${longest.name} page 3`]
        : [`${longest.name} page 1`],
    );
    const table = reply.sections?.[1];
    expect(table?.kind === 'table' && table.title).toMatch(/^Swimmers 51–\d+ of \d+$/);
  });

  it("when a roster page is shown again from the same lists, then its audit record names the same list of swimmers, the page's", () => {
    const audited = (n: number) =>
      sessionReply(
        matchSessions(big.sessions, longest.name, tuesdayNoon, london),
        big.sessions,
        big.members,
        longest.name,
        n,
      ).audit?.members;
    const second = audited(2);
    expect(second).toHaveLength(50);
    expect(audited(2)).toEqual(second);
    expect(audited(1)).not.toEqual(second);
  });

  it("when a day's sessions are shown again from the same lists, then their audit record names the same list, each swimmer once", () => {
    const day = longest.weekday as string;
    const audited = () =>
      sessionReply(
        matchSessions(big.sessions, day, tuesdayNoon, london),
        big.sessions,
        big.members,
        day,
      ).audit?.members;
    const first = audited();
    const onDay = big.sessions.filter((s) => !s.archived && s.weekday === day);
    expect(onDay.length).toBeGreaterThan(1);
    expect(audited()).toEqual(first);
    expect(new Set(first).size).toBe(first?.length);
    // Each session's first page, as when asked for alone.
    const alone = onDay.flatMap(
      (one) =>
        sessionReply(
          { kind: 'found', label: one.name, sessions: [one] },
          big.sessions,
          big.members,
          one.name,
        ).audit?.members ?? [],
    );
    expect(first?.length).toBeGreaterThan(rosterPageSize);
    expect(new Set(first)).toEqual(new Set(alone));
  });

  it('when a page past the last is asked for, then the last page is shown', async () => {
    const pages = Math.ceil(longest.members.length / rosterPageSize);
    const reply = await ask(`${longest.name} page 99`);
    expect(reply.title).toBe(`Sessions: ${longest.name} (page ${pages} of ${pages})`);
    expect(reply.actions?.map((action) => action.id)).toEqual(['roster-previous']);
  });

  it("when a day's rosters are paged, then a short roster is whole on page 1 and only pointed to on page 2", async () => {
    const day = longest.weekday as string;
    const short = big.sessions.find(
      (s) => !s.archived && s.weekday === day && s.members.length > 0 && s.members.length <= 50,
    );
    if (!short) throw new Error(`no short session on ${day} in the seeded club`);
    const first = await ask(day);
    expect(rosterOf(first, short.name)).toHaveLength(short.members.length);
    const second = await ask(`${day} page 2`);
    const sections = second.sections ?? [];
    const index = sections.findIndex((s) => s.kind === 'fields' && s.title === short.name);
    expect(sections[index + 1]).toEqual({
      kind: 'text',
      text: `All ${short.members.length} swimmers are on page 1.`,
    });
    expect(second.audit?.members).not.toContain(short.members[0]?.guid);
  });

  it('when "page" is part of what is asked but no session matches, then the choices are listed', async () => {
    const reply = await ask('page 2');
    expect(reply.title).toBe('Which session?');
  });
});

describe('reading a roster page', () => {
  it.each([
    ['Tuesday', { when: 'Tuesday', page: 1 }],
    ['Tuesday page 3', { when: 'Tuesday', page: 3 }],
    ['tuesday development  Page 12 ', { when: 'tuesday development', page: 12 }],
    ['Tuesday page 0', { when: 'Tuesday', page: 1 }],
    ['page 2', { when: 'page 2', page: 1 }],
    ['Tuesday pages', { when: 'Tuesday pages', page: 1 }],
  ])('"%s" is read as %o', (text, expected) => {
    expect(readRosterPage(text)).toEqual(expected);
  });
});

describe('whose rosters /session shows', () => {
  const tuesday = (club: ReturnType<typeof memoryClubData>) =>
    club.sessions.filter((s) => !s.archived && s.weekday === 'Tuesday');
  /** A coach of exactly one of Tuesday's sessions, and that session. */
  function tuesdayCoach(club: ReturnType<typeof memoryClubData>) {
    const sessions = tuesday(club);
    for (const session of sessions) {
      for (const { guid } of session.coaches) {
        const theirs = sessions.filter((s) => s.coaches.some((c) => c.guid === guid));
        if (theirs.length === 1 && sessions.length > 1) return { guid, session };
      }
    }
    throw new Error('the seeded club has no coach of just one Tuesday session');
  }

  it('when a coach asks for a day, then only the sessions they coach are shown, and the others are named as not shown', async () => {
    const club = memoryClubData();
    const { guid, session } = tuesdayCoach(club);
    const reply = await run('session', {
      data: club.data,
      asker: askerWith(['coach'], guid),
      options: { when: 'Tuesday' },
      now: tuesdayNoon,
    });
    expect(sessionTitles(reply)).toEqual([session.name]);
    const others = tuesday(club).filter((s) => s.guid !== session.guid);
    const text = replyToPlainText(reply);
    for (const other of others) expect(text).toContain(other.name);
    expect(text).toContain('Not shown:');
    const shown = new Set(session.members.map((m) => m.guid));
    expect(reply.audit?.members.every((member) => shown.has(member))).toBe(true);
  });

  it('when a coach asks for a session they do not coach, then no roster is shown and they are told who sees it', async () => {
    const club = memoryClubData();
    const { guid, session } = tuesdayCoach(club);
    const other = tuesday(club).find((s) => !s.coaches.some((c) => c.guid === guid));
    if (!other) throw new Error('no other Tuesday session');
    const reply = await run('session', {
      data: club.data,
      asker: askerWith(['coach'], guid),
      options: { when: other.name },
      now: tuesdayNoon,
    });
    expect(sessionTitles(reply)).toEqual([]);
    expect(reply.personalData).toBe(false);
    expect(replyToPlainText(reply)).toContain('the head coach and the welfare officer');
    expect(replyToPlainText(reply)).toContain('You coach none of them');
    expect(session.name).not.toBe(other.name);
  });

  it('when a coach the bot cannot link asks, then no roster is shown and they are told why', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: askerWith(['coach']),
      options: { when: 'Tuesday' },
    });
    expect(sessionTitles(reply)).toEqual([]);
    expect(replyToPlainText(reply)).toContain('does not know which club member you are');
  });

  it('when the welfare officer asks, then every session of the day is shown', async () => {
    const club = memoryClubData();
    const reply = await run('session', {
      data: club.data,
      asker: askerWith(['welfare']),
      options: { when: 'Tuesday' },
    });
    expect(sessionTitles(reply).sort()).toEqual(
      tuesday(club)
        .map((s) => s.name)
        .sort(),
    );
  });
});
