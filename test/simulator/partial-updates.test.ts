import { describe, expect, it } from 'vitest';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

/** A stored user who has an email address and is not a coach. */
async function userToChange(layout: 'spec' | 'bare' = 'spec') {
  const simulator = await start({ layout, today: '2026-03-02' });
  const stored = simulator.sim.admin
    .records('Users')
    .find((user) => user.Email !== undefined && user.IsACoach === 0);
  if (!stored) throw new Error('the seed has no such user');
  return { ...simulator, stored, guid: String(stored.Guid) };
}

describe('updates as public clients of the real service send them', () => {
  it('when a PUT carries only the Guid and the changed fields, then only those change', async () => {
    const { call, sim, stored, guid } = await userToChange();
    const answer = await call('PUT', `/api/Users/${guid}`, {
      body: { Guid: guid, Email: 'new.address@example.org' },
    });
    expect(answer.status).toBe(200);
    const after = sim.admin.records('Users').find((user) => user.Guid === guid);
    expect(after).toEqual({
      ...stored,
      Email: 'new.address@example.org',
      LastModifiedDate: '2026-03-02',
    });
  });

  it('when a PUT sends flags as text, as that client does, then they are read as 1/0', async () => {
    const { call, sim, guid } = await userToChange();
    for (const [sent, stored] of [
      ['1', 1],
      ['0', 0],
      ['Yes', 1],
      ['No', 0],
    ] as const) {
      const answer = await call('PUT', `/api/Users/${guid}`, {
        body: { Guid: guid, IsACoach: sent },
      });
      expect(answer.status, sent).toBe(200);
      expect(sim.admin.records('Users').find((user) => user.Guid === guid)?.IsACoach).toBe(stored);
    }
  });

  it('when a partial PUT sends a field that breaks a rule, then 400 names only that field', async () => {
    const { call, sim, stored, guid } = await userToChange();
    const answer = await call('PUT', `/api/Users/${guid}`, {
      body: { Guid: guid, Gender: 'X', IsACoach: 'maybe' },
    });
    expect(answer).toMatchObject({
      status: 400,
      json: { Message: 'Gender: must be one of: M, F; IsACoach: must be one of: 0, 1' },
    });
    expect(sim.admin.records('Users').find((user) => user.Guid === guid)).toEqual(stored);
  });

  it.each([
    ['spec', '/api/Users'],
    ['bare', '/Members'],
  ] as const)(
    'when the %s layout gets a PUT to %s with the Guid in the body, then that user is updated',
    async (layout, path) => {
      const { call, sim, guid } = await userToChange(layout);
      const answer = await call('PUT', path, { body: { Guid: guid, KnownAs: 'Kit' } });
      expect(answer).toMatchObject({ status: 200, json: { Guid: guid, KnownAs: 'Kit' } });
      expect(sim.admin.records('Users').find((user) => user.Guid === guid)?.KnownAs).toBe('Kit');
    },
  );

  it('when a PUT to the collection has no Guid, or one no record has, then 400 or 404 says so', async () => {
    const { call } = await userToChange();
    expect(await call('PUT', '/api/Users', { body: { KnownAs: 'Kit' } })).toMatchObject({
      status: 400,
      json: { Message: 'Guid: is required' },
    });
    expect(
      await call('PUT', '/api/Users', { body: { Guid: 'no-such-guid', KnownAs: 'Kit' } }),
    ).toMatchObject({
      status: 404,
      json: { Message: 'Users has no record with Guid "no-such-guid"' },
    });
  });

  it('when an email list is PUT to its collection with only a new name, then its members stay', async () => {
    const { call, sim } = await start({ layout: 'bare' });
    const [list] = sim.admin.records('EmailLists');
    const answer = await call('PUT', '/EmailLists', {
      body: { Guid: list?.Guid, ListName: 'Everyone' },
    });
    expect(answer).toMatchObject({
      status: 200,
      json: { Guid: list?.Guid, ListName: 'Everyone', Members: list?.Members },
    });
  });
});
