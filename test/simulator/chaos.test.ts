import { describe, expect, it } from 'vitest';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

describe('the chaos profile', () => {
  it('serves the other spellings of drifting names, and flags as the stored record has them in one of three forms', async () => {
    const { call, sim } = await start({ profile: 'chaos' });
    const [wire] = (await call('GET', '/api/Users')).json as Record<string, unknown>[];
    const [stored] = sim.admin.records('Users');
    expect(wire).toMatchObject({
      FirstName: stored?.Firstname,
      LastName: stored?.Lastname,
      Dob: stored?.DOB,
    });
    expect(wire).not.toHaveProperty('Firstname');
    expect(wire).not.toHaveProperty('DOB');
    const forms = [
      [1, 0],
      ['1', '0'],
      ['Yes', 'No'],
    ];
    const form = forms.find((pair) => pair.includes(wire?.Active as never));
    expect(form).toBeDefined();
    for (const flag of ['Active', 'IsACoach', 'CommitteeMember']) {
      expect(wire?.[flag], flag).toBe(form?.[stored?.[flag] === 1 ? 0 : 1]);
    }
    const withNumber = ((await call('GET', '/api/Users')).json as Record<string, unknown>[]).find(
      (user) => user.AsaNumber !== '',
    );
    expect(withNumber).toMatchObject({
      AsaNumber: expect.any(String),
      ASACategory: expect.any(String),
    });
    const [session] = (await call('GET', '/api/ClubSessions')).json as Record<string, unknown>[];
    expect([0, 1, '0', '1', 'Yes', 'No']).toContain(session?.Archived);
  });

  it('keeps the stored records in the spec’s shape', async () => {
    const { sim } = await start({ profile: 'chaos' });
    expect(sim.admin.records('Users')[0]).toHaveProperty('Firstname');
    expect([0, 1]).toContain(sim.admin.records('Users')[0]?.Active);
  });

  it('still decodes through the client to the same members as in the spec profile', async () => {
    const plain = await start({ seed: 3 });
    const mixed = await start({ seed: 3, profile: 'chaos' });
    const expected = await plain.api.listMembers();
    const members = await mixed.api.listMembers();
    expect(members).toEqual(expected);
    expect(members.some((member) => member.isCommitteeMember)).toBe(true);
    expect(members.every((member) => member.firstName !== '')).toBe(true);
    const waiting = await mixed.api.listWaitingList();
    expect(waiting).toEqual(await plain.api.listWaitingList());
    const trials = await mixed.api.listTrialRequests();
    expect(trials.map((trial) => trial.firstName)).toEqual(
      plain.sim.admin.records('TrialRequests').map((trial) => trial.FirstName),
    );
  });

  it('answers writes mixed too, and they still decode', async () => {
    const { api } = await start({ profile: 'chaos' });
    const trial = await api.fileTrialRequest({
      firstName: 'Iris',
      lastName: 'Murdoch',
      dateOfBirth: '2016-07-15',
    });
    expect(trial).toMatchObject({
      firstName: 'Iris',
      lastName: 'Murdoch',
      dateOfBirth: '2016-07-15',
    });
  });
});
