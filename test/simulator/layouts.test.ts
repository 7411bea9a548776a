import { describe, expect, it } from 'vitest';
import { createRouteTable } from '../../src/simulator/create-route-table.js';
import { loadClubContract } from '../../src/simulator/load-club-contract.js';
import { pathInLayout } from '../../src/club/collections.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

describe('the layouts the simulator serves', () => {
  it('when it serves the bare layout, then members are at /Members and the rest at /{Collection}', async () => {
    const { call, sim } = await start({ layout: 'bare' });
    const users = await call('GET', '/Members');
    expect(users.status).toBe(200);
    expect((users.json as { Guid: string }[]).map((user) => user.Guid)).toEqual(
      sim.admin.records('Users').map((user) => user.Guid),
    );
    const guid = String(sim.admin.records('Users')[0]?.Guid);
    expect(await call('GET', `/Members/${guid}`)).toMatchObject({
      status: 200,
      json: { Guid: guid },
    });
    for (const path of [
      '/ClubSessions',
      '/ClubGroups',
      '/IncidentBook',
      '/WhosWho',
      '/CommitteeMembers',
    ]) {
      expect((await call('GET', path)).status, path).toBe(200);
    }
  });

  it("when it serves one layout, then the other layout's paths answer 404 with a message", async () => {
    const bare = await start({ layout: 'bare' });
    expect(await bare.call('GET', '/api/Users')).toMatchObject({
      status: 404,
      json: { Message: 'No such path: GET /api/Users' },
    });
    expect((await bare.call('GET', '/Users')).status).toBe(404);
    const spec = await start({ layout: 'spec' });
    expect(await spec.call('GET', '/Members')).toMatchObject({
      status: 404,
      json: { Message: 'No such path: GET /Members' },
    });
  });

  it('when a method is not served, then 405 names the path as the layout spells it', async () => {
    const { call } = await start({ layout: 'bare' });
    const answer = await call('POST', '/ClubSessions', { body: {} });
    expect(answer).toMatchObject({
      status: 405,
      json: { Message: 'POST is not allowed on /ClubSessions; allowed: GET' },
    });
  });

  it('when it serves the bare layout, then its call log and faults still speak the document’s paths', async () => {
    const { call, sim } = await start({
      layout: 'bare',
      faults: { errorRate: 1, paths: ['GET /api/ClubRoles'] },
    });
    expect((await call('GET', '/ClubRoles')).status).toBe(500);
    expect((await call('GET', '/ClubGroups')).status).toBe(200);
    await call('GET', '/api/ClubGroups');
    expect(sim.admin.calls().calls).toEqual([
      { method: 'GET', path: '(unknown)', status: 404, count: 1 },
      { method: 'GET', path: '/api/ClubGroups', status: 200, count: 1 },
      { method: 'GET', path: '/api/ClubRoles', status: 500, count: 1 },
    ]);
  });

  it('routes every operation of the document in both layouts', async () => {
    const contract = await loadClubContract();
    for (const layout of ['spec', 'bare'] as const) {
      const table = createRouteTable(contract.operations, (path) => pathInLayout(path, layout));
      for (const route of contract.routes) {
        const path = pathInLayout(route.path, layout).replace('{guid}', 'a-guid');
        expect(table.match(route.method, path), `${layout} ${route.method} ${path}`).toMatchObject({
          kind: 'found',
          route: { operationId: route.operationId },
        });
      }
    }
  });
});
