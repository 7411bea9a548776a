import { describe, expect, it } from 'vitest';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

describe('quirk mode', () => {
  it('serves flags as "Yes"/"No" and the other spellings of drifting names', async () => {
    const { call, sim } = await start({ quirks: true });
    const [wire] = (await call('GET', '/api/Users')).json as Record<string, unknown>[];
    const [stored] = sim.admin.records('Users');
    expect(wire).toMatchObject({
      FirstName: stored?.Firstname,
      LastName: stored?.Lastname,
      Dob: stored?.DOB,
      Active: stored?.Active === 1 ? 'Yes' : 'No',
      IsACoach: stored?.IsACoach === 1 ? 'Yes' : 'No',
      CommitteeMember: stored?.CommitteeMember === 1 ? 'Yes' : 'No',
    });
    expect(wire).not.toHaveProperty('Firstname');
    expect(wire).not.toHaveProperty('DOB');
    const withNumber = ((await call('GET', '/api/Users')).json as Record<string, unknown>[]).find(
      (user) => user.AsaNumber !== undefined,
    );
    expect(withNumber).toMatchObject({
      AsaNumber: expect.any(String),
      ASACategory: expect.any(String),
    });
    const [session] = (await call('GET', '/api/ClubSessions')).json as Record<string, unknown>[];
    expect(['Yes', 'No']).toContain(session?.Archived);
  });

  it('keeps the stored records in the spec’s shape', async () => {
    const { sim } = await start({ quirks: true });
    expect(sim.admin.records('Users')[0]).toHaveProperty('Firstname');
    expect([0, 1]).toContain(sim.admin.records('Users')[0]?.Active);
  });

  it('still decodes through the client to the same members as without quirks', async () => {
    const plain = await start({ seed: 3 });
    const quirky = await start({ seed: 3, quirks: true });
    const expected = await plain.api.listMembers();
    const members = await quirky.api.listMembers();
    expect(members).toEqual(expected);
    expect(members.some((member) => member.isCommitteeMember)).toBe(true);
    expect(members.every((member) => member.firstName !== '')).toBe(true);
    const waiting = await quirky.api.listWaitingList();
    expect(waiting).toEqual(await plain.api.listWaitingList());
    const trials = await quirky.api.listTrialRequests();
    expect(trials.map((trial) => trial.firstName)).toEqual(
      plain.sim.admin.records('TrialRequests').map((trial) => trial.FirstName),
    );
  });

  it('answers writes in quirk shape too, and they still decode', async () => {
    const { api } = await start({ quirks: true });
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
