import { describe, expect, it } from 'vitest';
import { realMemberFlags } from './real-member-flags.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

type Wire = Record<string, unknown>;

describe('the real profile', () => {
  it('when started with the real profile, then it serves the bare layout and members in the real service’s one form', async () => {
    const { call, sim } = await start({ profile: 'real' });
    expect((await call('GET', '/api/Users')).status).toBe(404);
    const wire = (await call('GET', '/Members')).json as Wire[];
    const stored = sim.admin.records('Users');
    wire.forEach((user, index) => {
      const record = stored[index] ?? {};
      expect(user).toMatchObject({
        Firstname: record.Firstname,
        Lastname: record.Lastname,
        // Every field present: a member with no date of birth (one is planted) sends "".
        DOB: record.DOB ?? '',
        ASANumber: record.ASANumber ?? '',
        ASACategory: record.AsaCategory ?? '',
      });
      expect(user).not.toHaveProperty('AsaCategory');
      for (const flag of realMemberFlags) expect(['1', '0'], flag).toContain(user[flag]);
      expect(user.Active).toBe(record.Active === 1 ? '1' : '0');
      expect(user.Masters).toBe('0');
    });
  });

  it('when the host is a 2025 one, then member flags are "Yes"/"No" and nothing else', async () => {
    const { call, sim } = await start({ profile: 'real-2025' });
    const wire = (await call('GET', '/Members')).json as Wire[];
    const forms = new Set(wire.flatMap((user) => realMemberFlags.map((flag) => user[flag])));
    expect([...forms].sort()).toEqual(['No', 'Yes']);
    const coaches = sim.admin.records('Users').filter((user) => user.IsACoach === 1);
    expect(wire.filter((user) => user.IsACoach === 'Yes')).toHaveLength(coaches.length);
  });

  it('sends every field, empty ones as "" and empty lists as [], relationship lists as [{ Guid }]', async () => {
    const { call, sim } = await start({ profile: 'real' });
    const wire = (await call('GET', '/Members')).json as Wire[];
    const keys = Object.keys(wire[0] ?? {}).sort();
    for (const user of wire) expect(Object.keys(user).sort()).toEqual(keys);
    expect(keys).toEqual(expect.arrayContaining(['MedicalHistory', 'DBSDate', 'Email']));
    const child = wire.find((user) => (user.Parents as unknown[]).length > 0);
    const stored = sim.admin.records('Users').find((user) => user.Guid === child?.Guid);
    expect(child?.Parents).toEqual((stored?.Parents as string[]).map((Guid) => ({ Guid })));
    const unlinked = wire.find((user) => (user.Swimmers as unknown[]).length === 0);
    expect(unlinked?.SessionRestrictions).toEqual([]);
    expect(wire.some((user) => user.Email === '')).toBe(true);
  });

  it('sends a session’s Archived as an unquoted integer, and its members with LastAttended', async () => {
    const { call } = await start({ profile: 'real' });
    const sessions = (await call('GET', '/ClubSessions')).json as Wire[];
    expect(new Set(sessions.map((session) => session.Archived))).toEqual(new Set([0, 1]));
    expect(sessions[0]?.Members).toContainEqual({
      Guid: expect.any(String),
      LastAttended: expect.any(String),
    });
  });

  it('answers a partial update with flags sent as text in the same forms, and keeps the store in the spec’s shape', async () => {
    const { call, sim } = await start({ profile: 'real' });
    const member = sim.admin
      .records('Users')
      .find((user) => user.IsAVolunteer === 0 && user.Active === 1);
    const guid = String(member?.Guid);
    const answer = await call('PUT', `/Members/${guid}`, {
      body: { Guid: guid, IsAVolunteer: '1' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ Guid: guid, IsAVolunteer: '1', Active: '1' });
    const stored = sim.admin.records('Users').find((user) => user.Guid === guid);
    expect(stored).toMatchObject({ IsAVolunteer: 1, Firstname: member?.Firstname });
    expect(stored).not.toHaveProperty('ASACategory');
  });

  it('still decodes through the client to the same members and sessions as the spec profile', async () => {
    const plain = await start({ seed: 5 });
    const real = await start({ seed: 5, profile: 'real' });
    expect(await real.api.listMembers()).toEqual(await plain.api.listMembers());
    expect(await real.api.listSessions()).toEqual(await plain.api.listSessions());
    expect(await real.api.listWaitingList()).toEqual(await plain.api.listWaitingList());
  });
});
