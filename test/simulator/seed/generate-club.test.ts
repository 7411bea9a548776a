import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAMOUS_NAMES } from '../../../src/simulator/seed/famous-names.js';
import { FIXTURE_MEMBER } from '../../../src/simulator/seed/fixture-member.js';
import { generateClub, type SeededClub } from '../../../src/simulator/seed/generate-club.js';
import {
  CALENDAR_COLOURS,
  INCIDENT_STATUSES,
  MEET_TYPES,
  POOLS,
  WEEK_DAYS,
} from '../../../src/simulator/seed/records.js';
import type { SeedUser } from '../../../src/simulator/seed/seed-user.js';

const TODAY = '2026-03-10';
const club = (members: number, seed = 7): SeededClub =>
  generateClub({ members, seed, today: TODAY });

// One small, one middling and one largest club, each checked against every rule below.
const CLUBS: readonly (readonly [string, SeededClub])[] = [
  ['20 members', club(20, 1)],
  ['333 members', club(333, 2)],
  ['5000 members', club(5000, 3)],
];

/** Age in whole years on `today`, computed here independently of the generator. */
function ageOn(dob: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dob.slice(0, 4));
  return today.slice(5) < dob.slice(5) ? years - 1 : years;
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Every [key, value] pair anywhere in the club, with the key's record path for messages. */
function* fields(value: unknown, path = 'club'): Generator<[string, unknown, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* fields(item, `${path}[${i}]`);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      yield [key, item, path];
      yield* fields(item, `${path}.${key}`);
    }
  }
}

const LONG_TEXT = new Set([
  'Notes',
  'MedicalHistory',
  'Allergies',
  'DisabilityDetails',
  'EventDetails',
  'IncidentDetails',
  'ProposedAction',
  'SwimmingExperience',
  'PreviousExperience',
  // A notice on the notice board (beyond the spec).
  'Message',
]);
const maxLength = (key: string): number =>
  LONG_TEXT.has(key) ? 4000 : key === 'SwimsForOtherClub' ? 100 : 50;

const DATE_KEY =
  /Date|^DOB$|^Dob$|^LastAttended$|^LastLoggedIn$|^Consent|^LocoParentisRights$|Passed$|Acknowledged$|ConfirmedCorrect$|^EntryDeadline$/;
const TIME_KEY = /Time$/;

const byGuid = (c: SeededClub): Map<string, SeedUser> => new Map(c.users.map((u) => [u.Guid, u]));

describe('generateClub', () => {
  it('when given the same seed, it gives a deep-equal club', () => {
    expect(club(400, 99)).toEqual(club(400, 99));
  });

  it('when given different seeds, the clubs differ', () => {
    const a = club(400, 1);
    const b = club(400, 2);
    expect(a).not.toEqual(b);
    expect(a.users.map((u) => u.Guid)).not.toEqual(b.users.map((u) => u.Guid));
    expect(a.users.map((u) => u.Lastname)).not.toEqual(b.users.map((u) => u.Lastname));
  });

  it('when asked for n members, it makes exactly n User records, parents and staff included', () => {
    for (const members of [20, 21, 22, 57, 333, 1234]) {
      const users = club(members, members).users;
      expect(users).toHaveLength(members);
      expect(new Set(users.map((u) => u.Guid)).size).toBe(members);
      expect(new Set(users.map((u) => u.MemberID)).size).toBe(members);
    }
  });

  it('accepts 20 and 5000 members and rejects 19, 5001 and fractions with a RangeError', () => {
    expect(club(20).users).toHaveLength(20);
    expect(club(5000).users).toHaveLength(5000);
    expect(() => club(19)).toThrow(RangeError);
    expect(() => club(5001)).toThrow(RangeError);
    expect(() => club(100.5)).toThrow(RangeError);
    expect(() => generateClub({ members: 100, seed: 1, today: '2026-02-30' })).toThrow(RangeError);
    expect(() => generateClub({ members: 100, seed: 0.5, today: TODAY })).toThrow(RangeError);
  });

  it('generates a club of 5000 members in under a second', () => {
    const started = performance.now();
    generateClub({ members: 5000, seed: 12345, today: '2027-07-01' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('always includes the fixture member Jane Smith, with her mother, in Tuesday Development', () => {
    for (const [, c] of CLUBS) {
      const janes = c.users.filter((u) => u.Firstname === 'Jane' && u.Lastname === 'Smith');
      expect(janes).toHaveLength(1);
      const jane = janes[0] as SeedUser;
      expect(ageOn(jane.DOB, TODAY)).toBe(FIXTURE_MEMBER.age);
      expect(jane.MedicalHistory).toBe(FIXTURE_MEMBER.MedicalHistory);
      const mother = byGuid(c).get(jane.Parents[0] ?? '');
      expect(mother).toMatchObject({ Firstname: 'Claire', Lastname: 'Smith', IsAParent: 1 });
      expect(mother?.Swimmers).toContain(jane.Guid);
      const session = c.sessions.find((s) => s.SessionName === FIXTURE_MEMBER.session);
      expect(session?.Members.map((m) => m.Guid)).toContain(jane.Guid);
      expect(c.users.filter((u) => u.Lastname === 'Smith')).toHaveLength(2);
    }
  });

  it('never uses Math.random, so the seed alone decides the club', () => {
    const dir = join(import.meta.dirname, '../../../src/simulator/seed');
    for (const file of readdirSync(dir)) {
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain('Math.random');
    }
  });
});

describe.each(CLUBS)('a seeded club of %s', (_, c) => {
  const users = byGuid(c);
  const swimmers = c.users.filter((u) => u.IsASwimmer === 1);
  /** The records carrying a problem planted on purpose (for /checks), exempt from the rule it breaks. */
  const planted = (...kinds: (keyof typeof c.planted)[]) =>
    new Set(kinds.flatMap((kind) => c.planted[kind] ?? []));

  it('links parents and swimmers both ways, and every junior has a parent to contact', () => {
    const problems: string[] = [];
    for (const user of c.users) {
      for (const guid of user.Parents) {
        const parent = users.get(guid);
        if (parent?.IsAParent !== 1) problems.push(`${user.Guid}: parent ${guid} is no parent`);
        if (!parent?.Swimmers.includes(user.Guid))
          problems.push(`${guid} lacks swimmer ${user.Guid}`);
      }
      for (const guid of user.Swimmers) {
        if (!users.get(guid)?.Parents.includes(user.Guid))
          problems.push(`${guid} lacks parent ${user.Guid}`);
      }
      if (user.IsAParent === 1 && user.Swimmers.length === 0)
        problems.push(`${user.Guid}: no swimmers`);
    }
    const juniors = swimmers.filter((u) => ageOn(u.DOB, TODAY) < 18);
    expect(juniors.length).toBeGreaterThan(0);
    const exempt = planted('noParent', 'noEmergencyContact');
    for (const junior of juniors.filter((u) => !exempt.has(u.Guid))) {
      const parents = junior.Parents.map((guid) => users.get(guid));
      if (!parents.some((p) => p?.Email && p.MobilePhone))
        problems.push(`${junior.Guid}: no contact`);
      if (!junior.EmergencyContactPhone1) problems.push(`${junior.Guid}: no emergency contact`);
      const young = ageOn(junior.DOB, TODAY) < 13;
      if (young && (junior.Email || junior.MobilePhone))
        problems.push(`${junior.Guid}: own contact`);
    }
    expect(problems).toEqual([]);
  });

  it('has swimmers from 5 to 70, most of the juniors 8 to 17', () => {
    const ages = swimmers.map((u) => ageOn(u.DOB, TODAY));
    expect(Math.min(...ages)).toBe(5);
    expect(Math.max(...ages)).toBe(70);
    const juniors = ages.filter((age) => age < 18);
    expect(juniors.filter((age) => age >= 8).length).toBeGreaterThan(juniors.length / 2);
  });

  it('keeps every session within MaxMembers and names only members that exist', () => {
    const problems: string[] = [];
    for (const session of c.sessions) {
      const name = session.SessionName;
      if (session.Members.length > (session.MaxMembers ?? Infinity))
        problems.push(`${name} over MaxMembers`);
      if (!WEEK_DAYS.includes(session.WeekDay)) problems.push(`${name}: ${session.WeekDay}`);
      for (const { Guid } of session.Coaches) {
        if (users.get(Guid)?.IsACoach !== 1) problems.push(`${name}: coach ${Guid}`);
      }
      for (const { Guid } of session.Members) {
        const member = users.get(Guid);
        const left = planted('leftButInSession').has(Guid);
        if (member?.IsASwimmer !== 1 || (member.Active !== 1 && !left))
          problems.push(`${name}: ${Guid}`);
      }
      if (session.Archived === 0 && session.Coaches.length === 0)
        problems.push(`${name}: no coach`);
    }
    expect(c.sessions.filter((s) => s.Archived === 1)).toHaveLength(1);
    for (const group of c.groups) {
      expect(group.Members.length).toBeLessThanOrEqual(group.MaxMembers);
      expect(group.GroupFee).toMatch(/^\d+\.\d{2}$/);
    }
    const references = [
      ...c.groups.flatMap((g) => g.Members),
      ...c.roles.flatMap((r) => r.Members),
      ...c.emailLists.flatMap((l) => l.Members),
      ...c.incidents.flatMap((i) => i.AddedBy),
    ];
    for (const { Guid } of references) if (!users.has(Guid)) problems.push(`unknown ${Guid}`);
    expect(problems).toEqual([]);
  });

  it('runs sessions every weekday, at least two on Tuesday, and every active swimmer attends one', () => {
    const running = c.sessions.filter((s) => s.Archived === 0);
    for (const day of WEEK_DAYS) {
      expect(running.filter((s) => s.WeekDay === day).length, day).toBeGreaterThan(0);
    }
    expect(running.filter((s) => s.WeekDay === 'Tuesday').length).toBeGreaterThanOrEqual(2);
    const attending = new Set(running.flatMap((s) => s.Members.map((m) => m.Guid)));
    const unplaced = planted('unplacedSwimmer');
    for (const swimmer of swimmers.filter((u) => u.Active === 1 && !unplaced.has(u.Guid))) {
      expect(attending.has(swimmer.Guid)).toBe(true);
    }
  });

  it('has a committee with a welfare officer, chair, secretary, treasurer and membership secretary', () => {
    for (const name of [
      'Welfare Officer',
      'Chair',
      'Secretary',
      'Treasurer',
      'Membership Secretary',
      'Head Coach',
    ]) {
      const role = c.roles.find((r) => r.RoleName === name);
      expect(role?.Members.length, name).toBeGreaterThan(0);
    }
    const welfare = c.roles.find((r) => r.RoleName === 'Welfare Officer');
    const officer = users.get(welfare?.Members[0]?.Guid ?? '');
    expect(officer).toMatchObject({ CommitteeMember: 1, InWhosWho: 1 });
    expect(officer?.DBSRenewalDate).toBeDefined();
    expect(c.users.filter((u) => u.CommitteeMember === 1).length).toBeGreaterThanOrEqual(5);
  });

  it("lists in who's who exactly the members with InWhosWho 1, welfare included", () => {
    const categories = c.whosWho.Categories.map((category) => category.Category);
    expect(categories).toEqual(['Committee', 'Coaches', 'Welfare', 'Volunteers']);
    const listed = new Set(
      c.whosWho.Categories.flatMap((category) =>
        category.Members.map((m) => `${m.Firstname} ${m.Lastname}`),
      ),
    );
    const flagged = new Set(
      c.users.filter((u) => u.InWhosWho === 1).map((u) => `${u.Firstname} ${u.Lastname}`),
    );
    expect(listed).toEqual(flagged);
    const welfare = c.whosWho.Categories.find((category) => category.Category === 'Welfare');
    expect(welfare?.Members.length).toBeGreaterThan(0);
  });

  it('gives coaches DBS and safeguarding dates, with some DBS renewals due within 60 days', () => {
    const coaches = c.users.filter((u) => u.IsACoach === 1);
    expect(coaches.length).toBeGreaterThanOrEqual(2);
    const exempt = planted('noDbsCoach', 'lapsedDbsCoach');
    for (const coach of coaches.filter((u) => !exempt.has(u.Guid))) {
      expect(coach.DBSDate).toBeDefined();
      expect(coach.SafeguardingRenewalDate).toBeDefined();
      expect(daysBetween(TODAY, coach.DBSRenewalDate ?? '')).toBeGreaterThan(0);
    }
    const dueSoon = coaches.filter((u) => daysBetween(TODAY, u.DBSRenewalDate ?? '') <= 60);
    expect(dueSoon.length).toBeGreaterThan(0);
    expect(dueSoon.length).toBeLessThan(coaches.length);
  });

  it('has some members with health notes and some who go by another name', () => {
    expect(c.users.some((u) => u.MedicalHistory)).toBe(true);
    expect(c.users.some((u) => u.Doctor && u.DoctorPhone)).toBe(true);
    const known = c.users.filter((u) => u.KnownAs !== undefined);
    expect(known.length).toBeGreaterThan(0);
    for (const user of known) expect(user.KnownAs).not.toBe(user.Firstname);
    if (c.users.length >= 300) {
      expect(c.users.some((u) => u.Allergies)).toBe(true);
      expect(c.users.some((u) => u.DisabilityDetails)).toBe(true);
    }
    expect(c.users.filter((u) => u.MedicalHistory).length).toBeLessThan(c.users.length / 4);
  });

  it('closes entries before events and meets start, with some to come and some past', () => {
    for (const event of c.events) {
      expect(event.EntryCloseDate < event.EventStartDate).toBe(true);
      expect(event.EventEndDate >= event.EventStartDate).toBe(true);
      expect(CALENDAR_COLOURS).toContain(event.CalendarColour);
      expect(POOLS).toContain(event.Pool);
      expect(event.SwimTimes).toEqual([]);
    }
    for (const meet of c.meets) {
      expect(meet.EntryOpenDate < meet.EntryDeadline).toBe(true);
      expect(meet.EntryDeadline < meet.StartDate).toBe(true);
      expect(meet.EndDate >= meet.StartDate).toBe(true);
      expect(MEET_TYPES).toContain(meet.Type);
      expect(meet.SwimTimesAdded).toBe(0);
    }
    for (const starts of [c.events.map((e) => e.EventStartDate), c.meets.map((m) => m.StartDate)]) {
      expect(starts.filter((day) => day > TODAY).length).toBeGreaterThanOrEqual(4);
      expect(starts.some((day) => day < TODAY)).toBe(true);
    }
    expect(new Set(c.meets.map((m) => m.Type)).size).toBe(MEET_TYPES.length);
  });

  it('has incidents of every status, trial requests and a waiting list', () => {
    expect(new Set(c.incidents.map((i) => i.Status))).toEqual(new Set(INCIDENT_STATUSES));
    for (const incident of c.incidents) {
      expect(incident.IncidentDate <= TODAY).toBe(true);
      expect(incident.AddedBy).toHaveLength(1);
    }
    expect(c.trialRequests.length).toBeGreaterThanOrEqual(3);
    expect(c.waitingList.length).toBeGreaterThanOrEqual(3);
    for (const request of c.trialRequests)
      expect(request.FirstName && request.LastName).toBeTruthy();
  });

  it('has two codes of conduct, the current one last, which a few active members have not agreed', () => {
    expect(c.codesOfConduct.map((code) => code.Title)).toEqual([
      expect.stringMatching(/^Code of Conduct \d{4}-\d{2}$/),
      expect.stringMatching(/^Code of Conduct \d{4}-\d{2}$/),
    ]);
    const current = c.codesOfConduct.at(-1);
    const agreed = new Set(current?.Members.map((member) => member.Guid));
    const active = c.users.filter((user) => user.Active === 1);
    const notAgreed = active.filter((user) => !agreed.has(user.Guid));
    expect(notAgreed.length).toBeGreaterThanOrEqual(3);
    expect(notAgreed.length).toBeLessThanOrEqual(Math.max(3, active.length / 10));
    for (const code of c.codesOfConduct) {
      for (const { Guid, DateAgreed } of code.Members) {
        expect(users.has(Guid), Guid).toBe(true);
        expect(DateAgreed <= TODAY && DateAgreed >= (users.get(Guid)?.DateJoinedClub ?? '')).toBe(
          true,
        );
      }
    }
    expect(c.noticeBoard.length).toBeGreaterThanOrEqual(8);
  });

  it('puts every email on a reserved example domain and every phone in the fictional ranges', () => {
    const text = JSON.stringify(c);
    const emails = text.match(/[\w.+-]+@[\w.-]+/g) ?? [];
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.filter((email) => !/@example\.(org|com|net)$/.test(email))).toEqual([]);
    const phoneLike = text.match(/\b0\d{3,4} ?\d{6}\b/g) ?? [];
    expect(phoneLike.length).toBeGreaterThan(0);
    const fictional = /^(07700 900\d{3}|01632 960\d{3})$/;
    expect(phoneLike.filter((phone) => !fictional.test(phone))).toEqual([]);
    const phoneFields = [...fields(c)].filter(([key]) => /Phone/.test(key));
    expect(phoneFields.length).toBeGreaterThan(0);
    expect(phoneFields.filter(([, value]) => !fictional.test(String(value)))).toEqual([]);
  });

  it('keeps every string within its max length, dates as yyyy-mm-dd and times as HH:mm', () => {
    // Problems are collected rather than asserted one by one: a 5000-member club has ~300k fields.
    const problems: string[] = [];
    let dates = 0;
    for (const [key, value, path] of fields(c)) {
      const where = `${path}.${key}`;
      if (typeof value === 'string' && value.length > maxLength(key))
        problems.push(`${where} too long`);
      if (DATE_KEY.test(key)) {
        for (const date of Array.isArray(value) ? value : [value]) {
          if (!isCalendarDate(String(date))) problems.push(`${where} not a date: ${String(date)}`);
          dates++;
        }
      }
      if (TIME_KEY.test(key) && !/^([01]\d|2[0-3]):[0-5]\d$/.test(String(value))) {
        problems.push(`${where} not a time: ${String(value)}`);
      }
      if (value === null || (value === '' && key !== 'Password')) problems.push(`${where} empty`);
    }
    expect(problems).toEqual([]);
    expect(dates).toBeGreaterThan(c.users.length);
    for (const user of c.users) {
      expect(user.Password).toBe('');
      for (const flag of [user.IsASwimmer, user.IsAParent, user.IsACoach, user.Active]) {
        expect([0, 1]).toContain(flag);
      }
    }
  });

  it('gives every record a unique UUID-shaped Guid', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const records = [
      ...c.users,
      ...c.sessions,
      ...c.groups,
      ...c.roles,
      ...c.emailLists,
      ...c.events,
      ...c.meets,
      ...c.incidents,
      ...c.trialRequests,
      ...c.waitingList,
      ...c.codesOfConduct,
      ...c.noticeBoard,
    ];
    const guids = records.map((record) => record.Guid);
    expect(guids.filter((guid) => !uuid.test(guid))).toEqual([]);
    expect(new Set(guids).size).toBe(guids.length);
  });
});

describe('the seeded club keeps clear of famous names', () => {
  it('when clubs are generated from many seeds, no member has the full name of a well-known person', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const club = generateClub({ members: 500, seed, today: '2026-11-21' });
      const famous = club.users.filter((user) =>
        FAMOUS_NAMES.has(`${user.Firstname} ${user.Lastname}`),
      );
      expect(famous, `seed ${seed}`).toEqual([]);
    }
  });
});
