import { describe, expect, it } from 'vitest';
import { ClubUnauthorisedError } from '../../src/club/club-errors.js';
import { createClubApi } from '../../src/club/club-api.js';
import { createClubClient } from '../../src/club/create-club-client.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

describe('the token and unknown records', () => {
  it('answers a missing Authorization-Token with 401 and a message', async () => {
    const { call } = await start();
    expect(await call('GET', '/api/Users', { token: null })).toMatchObject({
      status: 401,
      json: { Message: 'The Authorization-Token header is missing.' },
    });
  });

  it('answers a wrong token with 401 on every path, writes and unknown paths too, never echoing it', async () => {
    const { call, sim } = await start();
    const filedBefore = sim.admin.records('IncidentBook').length;
    const firstUser = sim.admin.records('Users')[0];
    for (const [method, path] of [
      ['GET', '/api/Users'],
      ['GET', '/api/WhosWho'],
      ['POST', '/api/IncidentBook'],
      ['DELETE', `/api/Users/${String(sim.admin.records('Users')[0]?.Guid)}`],
      ['GET', '/api/NoSuchThing'],
    ] as const) {
      const answer = await call(method, path, {
        token: 'guess-1234',
        body: method === 'POST' ? {} : undefined,
      });
      expect(answer.status, path).toBe(401);
      expect(JSON.stringify(answer.json)).not.toContain('guess-1234');
    }
    expect(sim.admin.records('IncidentBook')).toHaveLength(filedBefore);
    expect(sim.admin.records('Users')[0]).toBe(firstUser);
  });

  it('gives the client a typed unauthorised error', async () => {
    const { sim } = await start();
    const api = createClubApi(createClubClient({ baseUrl: sim.url, token: 'old-token' }));
    await expect(api.listSessions()).rejects.toBeInstanceOf(ClubUnauthorisedError);
  });

  it('answers an unknown Guid with 404 and a message naming it, on every item path', async () => {
    const { call } = await start();
    for (const collection of [
      'ClubEvents',
      'Meets',
      'IncidentBook',
      'TrialRequests',
      'Users',
      'WaitingList',
      'ClubSessions',
      'ClubGroups',
      'ClubRoles',
      'EmailLists',
    ]) {
      const answer = await call('GET', `/api/${collection}/0000-missing`);
      expect(answer.status, collection).toBe(404);
      expect(answer.json).toEqual({
        Message: `${collection} has no record with Guid "0000-missing"`,
      });
    }
  });

  it('answers 404 for a path the document lacks and 405 for a method it lacks', async () => {
    const { call } = await start();
    expect((await call('GET', '/api/Members')).status).toBe(404);
    const answer = await call('POST', '/api/ClubSessions', { body: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });
});
