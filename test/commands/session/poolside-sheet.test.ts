import { describe, expect, it } from 'vitest';
import type { ClubSession, Member } from '../../../src/club/domain.js';
import { displayName } from '../../../src/club/members/members-of.js';
import { consentKey } from '../../../src/commands/session/roster-reply.js';
import { readSheetWord } from '../../../src/commands/session/session.js';
import { sessionWhen } from '../../../src/commands/session/session-menu.js';
import { replyToPlainText, type Reply } from '../../../src/core/reply.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, run } from '../command-context.js';

// 2026-03-10 is a Tuesday; noon in London.
const tuesdayNoon = new Date('2026-03-10T12:00:00Z');
const text = (reply: Reply) => replyToPlainText(reply);

function seeded() {
  const club = memoryClubData();
  const session = club.sessions.find((s) => s.name === 'Tuesday Development') as ClubSession;
  const other = club.sessions.find(
    (s) => !s.archived && !s.coaches.some((c) => session.coaches.some((d) => d.guid === c.guid)),
  ) as ClubSession;
  const coach = session.coaches[0]?.guid as string;
  const otherCoach = other.coaches[0]?.guid as string;
  const ask = (when: string, asker = askerWith(['coach'], coach)) =>
    run('session', { data: club.data, asker, now: tuesdayNoon, options: { when } });
  return { club, session, coach, otherCoach, ask };
}

describe('asking /session for the poolside sheet', () => {
  it.each([
    ['tonight sheet', { when: 'tonight', sheet: true }],
    ['sheet tonight', { when: 'tonight', sheet: true }],
    ['SHEET', { when: '', sheet: true }],
    ['tonight', { when: 'tonight', sheet: false }],
    ['sheets tonight', { when: 'sheets tonight', sheet: false }],
  ])('"%s" is read as %o', (typed, expected) => {
    expect(readSheetWord(typed)).toEqual(expected);
  });

  it('when a coach of the session asks, then its sheet is read fresh for its swimmers alone and shown only to them', async () => {
    const { club, session, ask } = seeded();
    const reply = await ask(`${sessionWhen(session)} sheet`);
    expect(reply.title).toBe(`Poolside sheet: ${session.name}`);
    expect(reply.visibility).toBe('asker');
    expect(reply.personalData).toBe(true);
    expect([...club.sensitiveReads].sort()).toEqual(session.members.map((m) => m.guid).sort());
    expect(reply.audit?.fieldGroups).toEqual(['health', 'emergency-contacts']);
  });

  it('when a swimmer has a long note, then their line is cut to fit a phone', async () => {
    const { club, session, ask } = seeded();
    const swimmer = club.club.users.find((u) => u.Guid === session.members[0]?.guid);
    if (!swimmer) throw new Error('no swimmer');
    swimmer.MedicalHistory = 'Asthma - '.repeat(100);
    const reply = await ask(`${sessionWhen(session)} sheet`);
    const health = reply.sections?.find((s) => s.title?.startsWith('Health notes'));
    const lines = health?.kind === 'list' ? health.items : [];
    expect(lines.some((line) => line.endsWith('…') && line.length === 160)).toBe(true);
  });

  it('when a coach of another session asks for this one’s sheet, then nothing is read and they are refused', async () => {
    const { club, session, otherCoach, ask } = seeded();
    const reply = await ask(`${sessionWhen(session)} sheet`, askerWith(['coach'], otherCoach));
    expect(text(reply)).toContain('A poolside sheet is for the coaches of that session');
    expect(reply.personalData).toBe(false);
    expect(club.sensitiveReads).toEqual([]);
  });

  it('when the roster is shown to a coach of it, then it has a button to its sheet', async () => {
    const { session, ask } = seeded();
    const reply = await ask(sessionWhen(session));
    const button = reply.actions?.find((action) => action.id === 'poolside-sheet');
    expect(button?.args).toMatch(new RegExp(`${sessionWhen(session)} sheet$`));
  });
});

const onRecord = (imageUse: boolean, videoUse: boolean, travel: boolean): Member['consents'] => ({
  imageUse,
  videoUse,
  travel,
});

/** The session's first swimmer, made a child of eleven with these consents on record. */
function firstSwimmerAsChild(
  club: ReturnType<typeof seeded>['club'],
  session: ClubSession,
  consents: Member['consents'],
): Member {
  const child = club.members.find((m) => m.guid === session.members[0]?.guid);
  if (!child) throw new Error('no swimmer');
  child.dateOfBirth = '2015-01-01';
  child.consents = consents;
  return child;
}

describe('consents on the roster and the member card', () => {
  it('when a child has no photo or video consent on record, then the roster marks them and explains the marker in one line', async () => {
    const { club, session, ask } = seeded();
    const child = firstSwimmerAsChild(club, session, onRecord(false, true, true));
    const reply = await ask(sessionWhen(session));
    expect(text(reply)).toContain(`${displayName(child)} (no P)`);
    expect(text(reply)).toContain(consentKey);
    expect(consentKey.length).toBeLessThanOrEqual(60);
  });

  it('when every child has both consents, then no marker and no key are shown, and adults are never marked', async () => {
    const { club, session, ask } = seeded();
    for (const member of club.members) {
      const adult = member.dateOfBirth !== undefined && member.dateOfBirth < '2000-01-01';
      member.consents = adult ? onRecord(false, false, false) : onRecord(true, true, true);
    }
    const reply = await ask(sessionWhen(session));
    expect(text(reply)).not.toContain('(no ');
    expect(text(reply)).not.toContain(consentKey);
  });

  it('when a coach looks up a child of their session, then the card says the consents in words', async () => {
    const { club, session, coach } = seeded();
    const child = firstSwimmerAsChild(club, session, onRecord(true, false, false));
    const reply = await run('member', {
      data: club.data,
      asker: askerWith(['coach'], coach),
      options: { name: child.guid },
    });
    expect(text(reply)).toContain('Consents from parents\nPhotos: Given\nVideo: None on record');
    expect(text(reply)).toContain('Travel: None on record');
  });
});
