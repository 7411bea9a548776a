/**
 * The decoder suite against the simulator's chaos profile: every form the service has used, mixed
 * record by record (flags in three forms, the other spellings, `[{ Guid }]` relationship lists,
 * every field present with "" when empty, an email list naming someone who is no member), decodes
 * to what the spec's records decode to. No host mixes forms; this tests our decoder's tolerance.
 */
import { describe, expect, it } from 'vitest';
import { membersOf } from '../../src/club/members/members-of.js';
import { addressOnlyGuid } from '../../src/simulator/real-wire-shape.js';
import { useSimulators } from '../simulator/simulator-fixture.js';

const start = useSimulators();

type Wire = Record<string, unknown>;

async function plainAndMixed() {
  const plain = await start({ seed: 11, members: 120 });
  const mixed = await start({ seed: 11, members: 120, profile: 'chaos', layout: 'bare' });
  return { plain, mixed };
}

describe('the client reads every form the service has used, mixed (chaos)', () => {
  it('when flags come as 1/0, "1"/"0" and "Yes"/"No" record by record, then each record decodes the same', async () => {
    const { plain, mixed } = await plainAndMixed();
    const wire = (await mixed.call('GET', '/Members')).json as Wire[];
    const forms = new Set(wire.map((user) => JSON.stringify(user.Active)));
    expect([...forms].sort()).toEqual(expect.arrayContaining(['"1"', '"Yes"', '1']));
    const again = (await mixed.call('GET', '/Members')).json as Wire[];
    expect(again.map((user) => user.Active)).toEqual(wire.map((user) => user.Active));

    const members = await mixed.api.listMembers();
    expect(members).toEqual(await plain.api.listMembers());
    const stored = new Map(mixed.sim.admin.records('Users').map((user) => [user.Guid, user]));
    for (const member of members) {
      const user = stored.get(member.guid);
      expect([member.active, member.isCoach, member.isCommitteeMember]).toEqual([
        user?.Active === 1,
        user?.IsACoach === 1,
        user?.CommitteeMember === 1,
      ]);
    }
  });

  it('when Parents and Swimmers come as [{ Guid }], then the links decode to the Guids', async () => {
    const { mixed } = await plainAndMixed();
    const wire = (await mixed.call('GET', '/Members')).json as Wire[];
    const child = wire.find((user) => Array.isArray(user.Parents) && user.Parents.length > 0);
    for (const link of child?.Parents as unknown[])
      expect(link).toEqual({ Guid: expect.any(String) });
    const stored = mixed.sim.admin.records('Users').find((user) => user.Guid === child?.Guid);
    const members = await mixed.api.listMembers();
    const decoded = members.find((member) => member.guid === child?.Guid);
    expect(decoded?.parents).toEqual(stored?.Parents);
    const parent = members.find((member) => member.guid === decoded?.parents[0]);
    expect(parent?.swimmers).toContain(decoded?.guid);
  });

  it('when every field is present and empty ones are "", then an empty field decodes as absent', async () => {
    const { plain, mixed } = await plainAndMixed();
    const wire = (await mixed.call('GET', '/Members')).json as Wire[];
    const stored = mixed.sim.admin.records('Users');
    const noEmail = wire.find((user) => user.Email === '');
    expect(noEmail).toBeDefined();
    expect(Object.keys(noEmail ?? {})).toEqual(
      expect.arrayContaining(['MedicalHistory', 'DBSDate', 'Parents', 'Swimmers', 'LastLoggedIn']),
    );
    expect(stored.find((user) => user.Guid === noEmail?.Guid)).not.toHaveProperty('Email');
    const member = (await mixed.api.listMembers()).find((m) => m.guid === noEmail?.Guid);
    expect(member).toBeDefined();
    expect(member?.email).toBeUndefined();
    expect(Object.values(member ?? {})).not.toContain('');

    const withoutDbs = wire.find((user) => user.DBSDate === '' && user.MedicalHistory === '');
    const guid = String(withoutDbs?.Guid);
    const { sensitive } = await mixed.api.getMemberWithSensitive(guid);
    expect(sensitive.dbsDate).toBeUndefined();
    expect(sensitive.medicalHistory).toBeUndefined();
    expect(sensitive).toEqual((await plain.api.getMemberWithSensitive(guid)).sensitive);
  });

  it('when session members and coaches carry LastAttended, then the client reads it', async () => {
    const { plain, mixed } = await plainAndMixed();
    const [session] = (await mixed.call('GET', '/ClubSessions')).json as Wire[];
    expect(session?.Members).toContainEqual({
      Guid: expect.any(String),
      LastAttended: expect.any(String),
    });
    const sessions = await mixed.api.listSessions();
    expect(sessions).toEqual(await plain.api.listSessions());
    const attended = sessions.flatMap((s) => [...s.members, ...s.coaches]);
    expect(attended.length).toBeGreaterThan(0);
    expect(attended.every((a) => /^\d{4}-\d{2}-\d{2}$/.test(a.lastAttended ?? ''))).toBe(true);
  });

  it('reads every other collection through the mix as it reads it in the spec profile', async () => {
    const { plain, mixed } = await plainAndMixed();
    for (const read of [
      'listGroups',
      'listRoles',
      'listEvents',
      'listMeets',
      'listIncidents',
      'listTrialRequests',
      'listWaitingList',
      'getWhosWho',
    ] as const) {
      expect(await mixed.api[read](), read).toEqual(await plain.api[read]());
    }
  });

  it('when an email list names someone who is no member, then resolving it skips them without an error', async () => {
    const { plain, mixed } = await plainAndMixed();
    const lists = await mixed.api.listEmailLists();
    const members = await mixed.api.listMembers();
    const plainLists = await plain.api.listEmailLists();
    expect(lists.length).toBeGreaterThan(0);
    lists.forEach((list, index) => {
      expect(list.members).toContain(addressOnlyGuid(list.guid));
      const resolved = membersOf(list, members);
      expect(resolved.map((member) => member.guid)).toEqual(plainLists[index]?.members);
    });
  });
});
