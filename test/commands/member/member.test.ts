import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../../src/access/access-policy.js';
import type { Member } from '../../../src/club/domain.js';
import type { BotRole } from '../../../src/core/roles.js';
import { replyToPlainText, type Reply } from '../../../src/core/reply.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, run } from '../command-context.js';

function seeded() {
  const club = memoryClubData();
  const byName = (first: string, last: string) => {
    const found = club.members.find((m) => m.firstName === first && m.lastName === last);
    if (!found) throw new Error(`${first} ${last} is not in the seeded club`);
    return found;
  };
  const jane = byName('Jane', 'Smith');
  const claire = byName('Claire', 'Smith');
  // A child's own details, so the test can see they are withheld.
  jane.email = 'jane.own@example.org';
  jane.mobilePhone = '07700 900999';
  claire.email = 'claire.own@example.org';
  claire.mobilePhone = '07700 900123';
  const janesSessions = club.sessions.filter((s) => s.members.some((m) => m.guid === jane.guid));
  const janesCoach = janesSessions[0]?.coaches[0]?.guid;
  const otherCoach = club.members.find(
    (m) =>
      m.isCoach &&
      !janesSessions.some((s) => s.coaches.some((c) => c.guid === m.guid)) &&
      club.sessions.some((s) => !s.archived && s.coaches.some((c) => c.guid === m.guid)),
  );
  if (!janesCoach || !otherCoach)
    throw new Error('the seeded club lacks the coaches this test needs');
  return { club, jane, claire, janesCoach, otherCoach };
}

const text = (reply: Reply) => replyToPlainText(reply);
const ask = (
  club: ReturnType<typeof seeded>['club'],
  name: string,
  roles: Parameters<typeof askerWith>[0],
  guid?: string,
) => run('member', { data: club.data, asker: askerWith(roles, guid), options: { name } });
const askDetails = (
  club: ReturnType<typeof seeded>['club'],
  name: string,
  roles: Parameters<typeof askerWith>[0],
  guid?: string,
) => run('member details', { data: club.data, asker: askerWith(roles, guid), options: { name } });

describe('/member finds the person', () => {
  it('when the full name is typed, then that member is shown, only to the asker', async () => {
    const { club } = seeded();
    const reply = await ask(club, 'jane smith', ['welfare']);
    expect(reply.title).toBe('Jane Smith');
    expect(reply.personalData).toBe(true);
    expect(reply.visibility).toBe('asker');
    expect(reply.footer).toMatch(/^Club data from/);
  });

  it('when the surname has a one-letter typo, then the member is only asked about: "Did you mean Jane Smith?", with a button and no contacts', async () => {
    const { club, jane } = seeded();
    const reply = await ask(club, 'Jane Smyth', ['welfare']);
    expect(reply.title).toBe('Did you mean…?');
    expect(text(reply)).toContain('No member is called "Jane Smyth". Did you mean Jane Smith?');
    expect(text(reply)).not.toContain(jane.mobilePhone as string);
    expect(reply.fields).toBeUndefined();
    expect(reply.audit).toBeUndefined();
    expect(reply.actions?.map((a) => [a.command, a.args])).toEqual([['member', 'Jane Smith']]);
  });

  it('when the known-as name is typed, then the member is found and shown by it', async () => {
    const { club } = seeded();
    const known = club.members.find((m) => m.knownAs) as Member;
    const reply = await ask(club, `${known.knownAs} ${known.lastName}`, ['welfare']);
    expect(reply.title).toBe(`${known.knownAs} ${known.lastName}`);
    expect(reply.fields).toContainEqual({ label: 'Known as', value: known.knownAs });
  });

  it("when the member's Guid is given, then that member is shown", async () => {
    const { club, claire } = seeded();
    expect((await ask(club, claire.guid, ['coach'])).title).toBe('Claire Smith');
  });

  it('when several members match, then "Which one?" offers a button for each that runs /member with an unambiguous name', async () => {
    const { club } = seeded();
    const reply = await ask(club, 'Smith', ['coach']);
    expect(reply.title).toBe('Which one?');
    expect(reply.actions?.map((a) => [a.kind, a.command, a.args])).toEqual([
      ['run-command', 'member', 'Claire Smith'],
      ['run-command', 'member', 'Jane Smith'],
    ]);
    const pressed = await ask(club, reply.actions?.[1]?.args ?? '', ['coach']);
    expect(pressed.title).toBe('Jane Smith');
  });

  it('when more than ten match, then ten buttons are offered and the reply says to type more', async () => {
    const { club, jane } = seeded();
    for (let i = 0; i < 12; i += 1) {
      club.members.push({
        ...jane,
        guid: `many-${i}`,
        firstName: `Name${i}`,
        lastName: 'Manyfold',
      });
    }
    const reply = await ask(club, 'Manyfold', ['coach']);
    expect(reply.actions).toHaveLength(10);
    expect(text(reply)).toContain('12 members are called "Manyfold": which one?');
    expect(text(reply)).toContain('type more of the name');
  });

  it('when two members share a full name, then their buttons carry their references', async () => {
    const { club, jane } = seeded();
    const twin = { ...jane, guid: 'abcdef12-0000-4000-8000-000000000001', parents: [] };
    club.members.push(twin);
    const reply = await ask(club, 'Jane Smith', ['coach']);
    expect(reply.actions?.map((a) => a.args).sort()).toEqual(
      [jane.guid.slice(0, 8), 'abcdef12'].sort(),
    );
    expect((await ask(club, 'abcdef12', ['welfare'])).title).toBe('Jane Smith');
  });

  it('when nobody matches, then the reply says so plainly', async () => {
    const { club } = seeded();
    const reply = await ask(club, 'Zebedee Quux', ['coach']);
    expect(reply.title).toBe('No such member');
    expect(text(reply)).toContain('No member is called "Zebedee Quux"');
    expect(reply.personalData).toBe(false);
  });

  it('when the member has left, then they are marked "(left the club)"', async () => {
    const { club, claire } = seeded();
    claire.active = false;
    expect((await ask(club, 'Claire Smith', ['coach'])).title).toBe('Claire Smith (left the club)');
  });
});

describe('/member shows what the asker is entitled to', () => {
  it("when a coach of the swimmer's session looks up a swimmer under 18, then the parents' contacts are shown, not the child's own phone or email", async () => {
    const { club, janesCoach } = seeded();
    const reply = await ask(club, 'Jane Smith', ['coach'], janesCoach);
    const shown = text(reply);
    expect(shown).not.toContain('jane.own@example.org');
    expect(shown).not.toContain('07700 900999');
    expect(shown).toContain('contact the parents');
    expect(shown).toContain('Claire Smith');
    expect(shown).toContain('07700 900123');
    expect(shown).toContain('Emergency contacts');
    expect(reply.audit?.fieldGroups).toEqual(['contact', 'emergency-contacts']);
  });

  it('when a coach of none of the swimmer’s sessions looks them up, then no contact details, age or sessions are shown', async () => {
    const { club, jane, otherCoach } = seeded();
    const reply = await ask(club, 'Jane Smith', ['coach'], otherCoach.guid);
    const shown = text(reply);
    expect(reply.title).toBe('Jane Smith');
    expect(shown).not.toContain('07700 900123');
    expect(shown).not.toContain('Emergency contacts');
    expect(shown).toContain('shown to the welfare officer and to the coaches');
    expect(reply.fields?.map((f) => f.label)).not.toContain('Age');
    expect(reply.fields?.map((f) => f.label)).not.toContain('Sessions');
    expect(reply.audit).toEqual({ members: [jane.guid], fieldGroups: [] });
  });

  it("when welfare looks up a swimmer under 18, then the child's own contact details are shown too", async () => {
    const { club } = seeded();
    const shown = text(await ask(club, 'Jane Smith', ['welfare']));
    expect(shown).toContain('jane.own@example.org');
    expect(shown).toContain('07700 900999');
  });

  it("when a coach looks up the parent of a swimmer they coach, then the parent's own contact details are shown", async () => {
    const { club, janesCoach } = seeded();
    const shown = text(await ask(club, 'Claire Smith', ['coach'], janesCoach));
    expect(shown).toContain('Email: claire.own@example.org');
  });

  it('when the parent link is only on the swimmer’s side, then the coach still sees the parent’s contacts', async () => {
    const { club, claire, janesCoach } = seeded();
    claire.swimmers = [];
    const shown = text(await ask(club, 'Claire Smith', ['coach'], janesCoach));
    expect(shown).toContain('Email: claire.own@example.org');
  });

  it("when a coach looks up an adult who is not in their sessions, then the adult's contact details are not shown", async () => {
    const { club, otherCoach } = seeded();
    const shown = text(await ask(club, 'Claire Smith', ['coach'], otherCoach.guid));
    expect(shown).not.toContain('claire.own@example.org');
    expect(shown).not.toContain('07700 900123');
  });

  it("when a coach looks up an adult swimmer of their own session, then the adult's own contact details are shown", async () => {
    const { club } = seeded();
    const adult = club.members.find(
      (m) =>
        m.dateOfBirth !== undefined &&
        m.dateOfBirth < '2000-01-01' &&
        club.sessions.some((s) => !s.archived && s.members.some((x) => x.guid === m.guid)),
    );
    const session = club.sessions.find(
      (s) => !s.archived && s.members.some((x) => x.guid === adult?.guid) && s.coaches.length > 0,
    );
    if (!adult || !session) throw new Error('the seeded club has no adult swimmer with a coach');
    adult.email = 'adult.own@example.org';
    const reply = await ask(club, adult.guid, ['coach'], session.coaches[0]?.guid);
    expect(text(reply)).toContain('Email: adult.own@example.org');
  });

  it('when a swimmer has no date of birth and no parents on record, then they are treated as under 18 and a coach is not shown their own details', async () => {
    const { club, jane, janesCoach } = seeded();
    delete jane.dateOfBirth;
    jane.parents = [];
    const shown = text(await ask(club, 'Jane Smith', ['coach'], janesCoach));
    expect(shown).not.toContain('jane.own@example.org');
    expect(shown).toContain('No date of birth on record, so treated as under 18');
  });

  it('when welfare looks up a swimmer, then no health details are read yet, and a button offers them', async () => {
    const { club, jane } = seeded();
    const reply = await ask(club, 'Jane Smith', ['welfare']);
    expect(text(reply)).not.toContain('Asthma');
    expect(club.sensitiveReads).toEqual([]);
    expect(reply.actions).toEqual([
      expect.objectContaining({
        label: 'Show health and safeguarding details',
        command: 'member details',
        args: jane.guid.slice(0, 8),
      }),
    ]);
  });

  it('when welfare asks for the details, then medical history, allergies and disability are shown, and DBS', async () => {
    const { club } = seeded();
    const reply = await askDetails(club, 'Jane Smith', ['welfare']);
    expect(text(reply)).toContain('Medical history: Asthma - carries inhaler');
    expect(text(reply)).toContain('Allergies:');
    expect(text(reply)).toContain('Disability:');
    expect(text(reply)).toContain('DBS and safeguarding');
    expect(club.sensitiveReads).toHaveLength(1);
  });

  it("when the swimmer's own session coach asks for the details, then the health details are shown but not DBS", async () => {
    const { club, jane, janesCoach } = seeded();
    const reply = await askDetails(club, 'Jane Smith', ['coach'], janesCoach);
    expect(text(reply)).toContain('Asthma - carries inhaler');
    expect(text(reply)).not.toContain('DBS');
    expect(club.sensitiveReads).toEqual([jane.guid]);
  });

  it('when another coach looks them up, then no button offers health details, and asking anyway shows none and fetches none', async () => {
    const { club, otherCoach } = seeded();
    const reply = await ask(club, 'Jane Smith', ['coach'], otherCoach.guid);
    expect(reply.actions).toBeUndefined();
    const details = await askDetails(club, 'Jane Smith', ['coach'], otherCoach.guid);
    expect(text(details)).not.toContain('Asthma');
    expect(text(details)).toContain('Health details are for the welfare officer');
    expect(club.sensitiveReads).toEqual([]);
  });

  it('when an admin asks for a coach’s details, then no DBS details are shown or read: by default they are the welfare officer’s', async () => {
    const { club, otherCoach } = seeded();
    const reply = await askDetails(club, otherCoach.guid, ['admin']);
    expect(text(reply)).not.toContain('DBS certificate:');
    expect(club.sensitiveReads).toEqual([]);
  });

  it('when the access policy names admin for safeguarding details, then an admin is shown DBS and safeguarding dates but not health', async () => {
    const { club, otherCoach } = seeded();
    const policy = {
      ...defaultAccessPolicy,
      safeguardingDetails: ['welfare', 'admin'] as BotRole[],
    };
    const reply = await run('member details', {
      data: club.data,
      asker: askerWith(['admin'], undefined, policy),
      options: { name: otherCoach.guid },
    });
    expect(text(reply)).toContain('DBS check:');
    expect(text(reply)).toContain('Safeguarding training:');
    expect(text(reply)).not.toContain('Medical history');
  });

  it('when a coach asks for another coach’s details, then no DBS details are shown', async () => {
    const { club, otherCoach, janesCoach } = seeded();
    const reply = await askDetails(club, otherCoach.guid, ['coach'], janesCoach);
    expect(text(reply)).not.toContain('DBS certificate:');
  });

  it('when a swimmer is in a session that was archived, then its old coach is not entitled to health details', async () => {
    const { club, jane } = seeded();
    const archived = club.sessions.find((s) => s.archived);
    if (!archived) throw new Error('no archived session');
    archived.members.push({ guid: jane.guid });
    archived.coaches.splice(0, archived.coaches.length, { guid: 'old-coach' });
    await askDetails(club, 'Jane Smith', ['coach'], 'old-coach');
    expect(club.sensitiveReads).toEqual([]);
  });
});
