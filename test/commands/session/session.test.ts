import { describe, expect, it } from 'vitest';
import type { ClubSession } from '../../../src/club/domain.js';
import { displayName } from '../../../src/club/members/members-of.js';
import { matchSessions, runsOn } from '../../../src/club/time/match-sessions.js';
import {
  readRosterPage,
  rosterPageSize,
  rosterReply,
} from '../../../src/commands/session/roster-reply.js';
import { sessionWhen } from '../../../src/commands/session/session-menu.js';
import { replyToPlainText, type Reply, type ReplySection } from '../../../src/core/reply.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, london, run } from '../command-context.js';

// The head coach sees every session's roster; a coach only their own (see the end of this file).
const headCoach = askerWith(['coach', 'head-coach'], 'head-coach-guid');
// 2026-03-10 is a Tuesday; noon in London.
const tuesdayNoon = new Date('2026-03-10T12:00:00Z');

function field(section: ReplySection | undefined, label: string): string | undefined {
  return section?.kind === 'fields'
    ? section.fields.find((candidate) => candidate.label === label)?.value
    : undefined;
}

/** The swimmers a roster reply names, from its lines "A: Alice Brown, Amy Cole (no P)". */
function swimmers(reply: Reply): string[] {
  const list = reply.sections?.find((section) => section.kind === 'list');
  if (list?.kind !== 'list') return [];
  return list.items.flatMap((item) =>
    item
      .replace(/^.: /, '')
      .replace(/ \(no [PV, ]+\)/g, '')
      .split(', '),
  );
}

/** The roster's button to its poolside sheet (the head coach may see every sheet). */
const sheetButton = (session: ClubSession) => ({
  id: 'poolside-sheet',
  label: 'Poolside sheet',
  kind: 'run-command',
  command: 'session',
  args: expect.stringMatching(new RegExp(` ${sessionWhen(session)} sheet$`)),
});

/** The sessions a menu offers, by the names on its buttons' commands. */
const offered = (reply: Reply) => (reply.actions ?? []).map((action) => action.args);

async function ask(when: string, now = tuesdayNoon, asker = headCoach) {
  const club = memoryClubData();
  return run('session', { data: club.data, asker, now, options: { when } });
}

describe('/session finds the session a coach means', () => {
  it.each([
    ['tuesday development', 'Tuesday Development'],
    ['minnows friday', 'Friday Minnows'],
    ['friday minnows', 'Friday Minnows'],
    ['thursday morning', 'Thursday Performance'],
    ['18:30', 'Tuesday Development'],
    ['6.30pm', 'Tuesday Development'],
    ['6:30 pm', 'Tuesday Development'],
    ['next friday 5pm', 'Friday Minnows'],
    ['tomorrow 7.15pm', 'Wednesday Performance'],
  ])('when "%s" is asked on a Tuesday, then it is the roster of %s', async (when, name) => {
    const reply = await ask(when);
    expect(reply.title).toBe(name);
    expect(reply.personalData).toBe(true);
  });

  it.each([
    ['tomorrow', 'Tomorrow (Wed 11 Mar): 2 sessions', 2],
    ['tonight', 'Tonight (Tue 10 Mar): 3 sessions', 3],
    ['thursday evening', 'Thu 12 Mar evening: 2 sessions', 2],
    ['tue', 'Tue 10 Mar: 4 sessions', 4],
    ['Tues', 'Tue 10 Mar: 4 sessions', 4],
    ['masters', 'Masters: 3 sessions', 3],
  ])(
    'when "%s" matches several sessions, then a short menu offers them: %s',
    async (when, title, count) => {
      const reply = await ask(when);
      expect(reply.title).toBe(title);
      expect(reply.personalData).toBe(false);
      expect(reply.actions).toHaveLength(count);
      expect(replyToPlainText(reply).split('\n').length).toBeLessThanOrEqual(count + 3);
    },
  );

  it('when a menu button is pressed, then what it runs names exactly its one session', async () => {
    const club = memoryClubData();
    const menu = await ask('tue');
    for (const args of offered(menu)) {
      const match = matchSessions(club.sessions, args ?? '', tuesdayNoon, london);
      expect(match.kind === 'found' && match.sessions.length, args).toBe(1);
    }
  });

  it('when a squad is asked on a day it does not swim, then the reply says when it does', async () => {
    const reply = await ask('minnows tuesday');
    expect(replyToPlainText(reply)).toContain('That squad swims on Monday, Friday, Saturday.');
  });

  it('when nothing is understood, then the reply is short: what was not understood and what would be', async () => {
    const reply = await ask('funday');
    expect(reply.tone).toBe('warning');
    const text = replyToPlainText(reply);
    expect(text).toContain('"funday" is not a day, time or squad I know.');
    expect(text).toContain('Minnows');
    expect(text).not.toContain('Water Polo');
    expect(text.split('\n').length).toBeLessThanOrEqual(2);
    expect(reply.footer).toBeUndefined();
  });

  it('when an archived session is named, then it is not found', async () => {
    expect((await ask('water polo')).title).toBe('Which session?');
  });

  it("when tonight is asked on a Saturday of morning sessions, then all of that day's are offered", () => {
    const club = memoryClubData();
    const saturday = new Date('2026-03-14T12:00:00Z');
    const match = matchSessions(club.sessions, 'tonight', saturday, london);
    expect(match.kind === 'found' && match.sessions.map((s) => s.name)).toEqual([
      'Saturday Performance',
      'Saturday Minnows',
      'Saturday Juniors',
    ]);
  });

  it("when a session's no-session date is the day asked for, then it is left out", () => {
    const club = memoryClubData();
    const closed = club.sessions.find(
      (s) => !s.archived && s.noSessionDates.length > 0,
    ) as ClubSession;
    const day = closed.noSessionDates[0] as string;
    const match = matchSessions(club.sessions, 'today', new Date(`${day}T10:00:00Z`), london);
    const names = match.kind === 'found' ? match.sessions.map((s) => s.name) : [];
    expect(names).not.toContain(closed.name);
  });

  it('when it is Sunday 23:30 UTC just after the clocks went forward, then today is Monday in London', () => {
    const club = memoryClubData({ today: '2026-03-29' });
    const match = matchSessions(club.sessions, 'today', new Date('2026-03-29T23:30:00Z'), london);
    expect(match.kind === 'found' && match.label).toBe('Today (Mon 30 Mar)');
    expect(match.kind === 'found' && match.sessions.every((s) => s.weekday === 'Monday')).toBe(
      true,
    );
  });

  it('when it is 16:30 UTC on the Monday after the change, then tonight is the Monday evening sessions', () => {
    const club = memoryClubData({ today: '2026-03-30' });
    const match = matchSessions(club.sessions, 'tonight', new Date('2026-03-30T16:30:00Z'), london);
    expect(match.kind === 'found' && match.sessions.map((s) => s.name)).toEqual([
      'Monday Minnows',
      'Monday Development',
      'Monday Performance',
    ]);
  });

  it('when no session runs today, then the match says so', () => {
    expect(matchSessions([], 'today', tuesdayNoon, london)).toEqual({
      kind: 'none-that-day',
      label: 'Today (Tue 10 Mar)',
      cancelled: [],
    });
  });

  it('when a no-session entry is a date range, then every day in it is skipped', () => {
    const session = { noSessionDates: ['2026-04-06 to 2026-04-17', '2026-05-04'] };
    expect(runsOn(session, '2026-04-10')).toBe(false);
    expect(runsOn(session, '2026-04-18')).toBe(true);
    expect(runsOn(session, '2026-05-04')).toBe(false);
  });
});

describe('/session shows one roster to fit a phone', () => {
  it('when a roster is shown, then it has its date, time, place, coaches, count against max, and the swimmers by initial, A–Z', async () => {
    const club = memoryClubData();
    const jane = club.members.find((m) => m.firstName === 'Jane' && m.lastName === 'Smith');
    if (!jane) throw new Error('the fixture member is missing');
    jane.knownAs = 'Janey';
    const reply = await run('session', {
      data: club.data,
      asker: headCoach,
      options: { when: 'tuesday development' },
    });
    const seeded = club.sessions.find((s) => s.name === 'Tuesday Development') as ClubSession;
    const details = reply.sections?.[0];
    expect(field(details, 'When')).toBe(
      `Tue 10 Mar, ${seeded.startTime}–${seeded.endTime}, ${seeded.location}`,
    );
    expect(field(details, 'Swimmers')).toBe(`${seeded.members.length} / ${seeded.maxMembers}`);
    const coachNames = seeded.coaches.map((c) =>
      displayName(club.members.find((m) => m.guid === c.guid)!),
    );
    expect(field(details, 'Coaches')).toBe(coachNames.join(', '));
    const names = swimmers(reply);
    expect(reply.sections?.[1]?.title).toBe(`${seeded.members.length} swimmers`);
    expect(names).toHaveLength(seeded.members.length);
    expect(names).toContain('Janey Smith');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(reply.footer).toBe('Club data from 3 hours ago');
    expect(reply.audit?.members).toHaveLength(seeded.members.length);
  });
});

describe('/session of a long roster', () => {
  // A seeded club of 1,000 has sessions of over a hundred swimmers, and short ones.
  const big = memoryClubData({ members: 1_000 });
  const longest = big.sessions
    .filter((s) => !s.archived)
    .reduce((a, b) => (b.members.length > a.members.length ? b : a));
  const askBig = (when: string) =>
    run('session', { data: big.data, asker: headCoach, options: { when } });

  it('when a roster is longer than a page, then its first 50 swimmers are shown A–Z, with the count and a button to the next page', async () => {
    const reply = await askBig(longest.name);
    const count = longest.members.length;
    const pages = Math.ceil(count / rosterPageSize);
    expect(reply.title).toBe(`${longest.name} (page 1 of ${pages})`);
    expect(reply.sections?.[1]?.title).toBe(`Swimmers 1–50 of ${count}`);
    const names = swimmers(reply);
    expect(names).toHaveLength(rosterPageSize);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(reply.actions).toEqual([
      {
        id: 'roster-next',
        label: `More swimmers (page 2 of ${pages})`,
        kind: 'run-command',
        command: 'session',
        args: expect.stringMatching(
          new RegExp(`^\\d{4}-\\d{2}-\\d{2} ${sessionWhen(longest)} page 2$`),
        ),
      },
      sheetButton(longest),
    ]);
    expect(reply.audit?.members).toHaveLength(rosterPageSize);
  });

  it('when the next page is asked for, then the next 50 follow on from the first, with buttons back and on', async () => {
    const first = swimmers(await askBig(longest.name));
    const reply = await askBig(`${sessionWhen(longest)} PAGE 2`);
    const second = swimmers(reply);
    expect(second).toHaveLength(Math.min(rosterPageSize, longest.members.length - 50));
    expect(second.some((name) => first.includes(name))).toBe(false);
    expect(reply.actions?.[0]?.args).toMatch(new RegExp(` ${sessionWhen(longest)} page 1$`));
  });

  it('when a roster page is shown again from the same lists, then its audit record names the same swimmers, the page’s', () => {
    const audited = (n: number) => rosterReply(longest, big.members, n).audit?.members;
    expect(audited(2)).toHaveLength(50);
    expect(audited(2)).toEqual(audited(2));
    expect(audited(1)).not.toEqual(audited(2));
  });

  it('when a page past the last is asked for, then the last page is shown', async () => {
    const pages = Math.ceil(longest.members.length / rosterPageSize);
    const reply = await askBig(`${longest.name} page 99`);
    expect(reply.title).toBe(`${longest.name} (page ${pages} of ${pages})`);
    expect(reply.actions?.map((action) => action.id)).toEqual([
      'roster-previous',
      'poolside-sheet',
    ]);
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

  it('when a coach asks for a day, then the one session they coach is shown at once, and the others are named as not shown', async () => {
    const club = memoryClubData();
    const { guid, session } = tuesdayCoach(club);
    const reply = await run('session', {
      data: club.data,
      asker: askerWith(['coach'], guid),
      options: { when: 'Tuesday' },
      now: tuesdayNoon,
    });
    expect(reply.title).toBe(session.name);
    const text = replyToPlainText(reply);
    for (const other of tuesday(club).filter((s) => s.guid !== session.guid))
      expect(text).toContain(other.name);
    expect(text).toContain('Not shown:');
    const shown = new Set(session.members.map((m) => m.guid));
    expect(reply.audit?.members.every((member) => shown.has(member))).toBe(true);
  });

  it('when a coach asks for a session they do not coach, then no roster is shown and they are told who sees it', async () => {
    const club = memoryClubData();
    const { guid } = tuesdayCoach(club);
    const other = tuesday(club).find((s) => !s.coaches.some((c) => c.guid === guid));
    if (!other) throw new Error('no other Tuesday session');
    const reply = await run('session', {
      data: club.data,
      asker: askerWith(['coach'], guid),
      options: { when: other.name },
      now: tuesdayNoon,
    });
    expect(reply.personalData).toBe(false);
    expect(replyToPlainText(reply)).toContain('the head coach and the welfare officer');
    expect(replyToPlainText(reply)).toContain('You coach none of them');
  });

  it('when a coach the bot cannot link asks, then no roster is shown and they are told why', async () => {
    const reply = await ask('Tuesday', tuesdayNoon, askerWith(['coach']));
    expect(reply.personalData).toBe(false);
    expect(replyToPlainText(reply)).toContain('does not know which club member you are');
  });

  it('when the welfare officer asks for a day, then every session of it is offered', async () => {
    const reply = await ask('Tuesday', tuesdayNoon, askerWith(['welfare']));
    expect(reply.actions).toHaveLength(4);
  });
});

describe('/session alone and /session now', () => {
  it('when /session is typed alone at noon on a Tuesday, then it is the next session’s roster, dated, with the one after and the earlier one today as buttons', async () => {
    const reply = await ask('');
    expect(reply.title).toBe('Tuesday Juniors');
    expect(field(reply.sections?.[0], 'When')).toMatch(/^Tue 10 Mar, 17:30–18:30, /);
    expect(reply.actions?.map((action) => [action.label, action.args])).toEqual([
      ['Poolside sheet', '2026-03-10 Tuesday 17:30 Tuesday Juniors sheet'],
      ['Next: 18:30 Tuesday Development', '2026-03-10 Tuesday 18:30 Tuesday Development'],
      ['Earlier today: 05:45 Tuesday Performance', '2026-03-10 Tuesday 05:45 Tuesday Performance'],
    ]);
    const pressed = await ask(reply.actions?.[1]?.args ?? '');
    expect(pressed.title).toBe('Tuesday Development');
  });

  it('when a coach types /session alone, then it is the next session they coach, days ahead if need be', async () => {
    const club = memoryClubData();
    const friday = club.sessions.find((s) => s.name === 'Friday Minnows') as ClubSession;
    const coachGuid = friday.coaches[0]?.guid as string;
    const theirs = club.sessions.filter((s) => s.coaches.some((c) => c.guid === coachGuid));
    const reply = await run('session', {
      data: club.data,
      asker: askerWith(['coach'], coachGuid),
      now: tuesdayNoon,
      options: {},
    });
    expect(theirs.map((s) => s.name)).toContain(reply.title);
  });

  it('when /session now is asked at 18:00 on a Tuesday, then it is the session running and the one starting within the hour', async () => {
    const reply = await ask('now', new Date('2026-03-10T18:00:00Z'));
    expect(reply.title).toBe('Now (Tue 10 Mar): 2 sessions');
    expect(replyToPlainText(reply)).toContain('Tuesday Juniors');
    expect(replyToPlainText(reply)).toContain('Tuesday Development');
  });

  it('when /session now is asked when nothing runs, then it says so, offers the next session, and never reads "now" as a squad (Minnows)', async () => {
    const reply = await ask('now');
    const text = replyToPlainText(reply);
    expect(reply.actions?.map((action) => [action.label, action.command, action.args])).toEqual([
      ['Your next session', 'session', undefined],
    ]);
    expect(text).toContain('No sessions run then (Now (Tue 10 Mar))');
    expect(text).not.toContain('Minnows');
    expect(text).not.toContain('not a day, time or squad');
  });
});
