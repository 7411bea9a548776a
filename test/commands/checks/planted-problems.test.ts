import { describe, expect, it } from 'vitest';
import { decodeAll } from '../../../src/club/decode-records.js';
import { decodeCodeOfConduct } from '../../../src/club/decode-code-of-conduct.js';
import { membershipChecks } from '../../../src/commands/checks/membership-checks.js';
import { welfareChecks } from '../../../src/commands/checks/welfare-checks.js';
import { freePlaces } from '../../../src/commands/places/free-places.js';
import { memoryClubData } from '../../support/memory-club-data.js';

describe.each([
  ['2026-03-10', 250],
  ['2026-11-27', 120],
  ['2026-11-28', 5000],
])("the seeded club's planted problems, on %s with %i members", (today, members) => {
  const club = memoryClubData({ members, today });
  const { planted } = club.club;
  const codes = decodeAll(club.club.codesOfConduct, decodeCodeOfConduct).values;
  const found = new Map(
    [
      ...welfareChecks({ members: club.members, sessions: club.sessions, today, codes }),
      ...membershipChecks({ ...club, today }),
    ].map((finding) => [finding.check, new Set(finding.members)]),
  );
  const names = (check: string) => found.get(check) ?? new Set<string>();

  it('when the club is generated, then every kind of problem is planted', () => {
    const kinds = Object.keys(planted).sort();
    expect(kinds).toEqual(
      [
        'detailsUnconfirmed',
        'fullSession',
        'lapsedDbsCoach',
        'leftButInSession',
        'noDbsCoach',
        'noDob',
        'noEmergencyContact',
        'noLimitSession',
        'noParent',
        'parentOfLeavers',
        'safeguardingDueCoach',
        'sharedEmail',
        'unplacedSwimmer',
        'waitingSinceDecember',
      ].filter((kind) => members >= 250 || kind !== 'noDbsCoach'),
    );
  });

  it('when the checks run, then each finds the problem planted for it', () => {
    const expected: [string, string | undefined][] = [
      ['dbs', planted.lapsedDbsCoach],
      ['dbs', planted.noDbsCoach],
      ['safeguarding', planted.safeguardingDueCoach],
      ['no-emergency-contact', planted.noEmergencyContact],
      ['no-parent', planted.noParent],
      ['no-date-of-birth', planted.noDob],
      ['details-not-confirmed', planted.detailsUnconfirmed],
      ['in-nothing', planted.unplacedSwimmer],
      ['in-session-not-active', planted.leftButInSession],
      ['duplicate-email', planted.sharedEmail?.[0]],
      ['duplicate-email', planted.sharedEmail?.[1]],
      ['parents-all-left', planted.parentOfLeavers],
    ];
    const missed = expected.filter(([check, guid]) => guid && !names(check).has(guid));
    expect(missed).toEqual([]);
    expect(names('code-of-conduct').size).toBeGreaterThanOrEqual(3);
  });

  it('when the places are read, then Friday Minnows is full, a child waits since December, and a session has no limit', () => {
    const places = freePlaces({ ...club, today });
    expect(places.full.map((session) => session.guid)).toContain(planted.fullSession);
    const friday = club.sessions.find((session) => session.guid === planted.fullSession);
    expect(friday?.name).toBe('Friday Minnows');
    const waiting = club.waitingList.find((person) => person.guid === planted.waitingSinceDecember);
    expect(waiting?.dateAdded).toBe(`${Number(today.slice(0, 4)) - 1}-12-04`);
    const open = places.open.find((o) => o.session.guid === planted.noLimitSession);
    expect(open).toMatchObject({ free: undefined });
  });
});
