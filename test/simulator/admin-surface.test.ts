import { describe, expect, it } from 'vitest';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

/** A call to the admin surface: no token. */
async function admin(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(url + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the admin surface under /__sim/', () => {
  it('needs no token and is not counted in the budget or the call counts', async () => {
    const { sim, call } = await start({ remaining: 10 });
    await call('GET', '/api/Users');
    await call('GET', '/api/Users', { token: 'wrong' });
    const calls = await admin(sim.url, 'GET', '/__sim/calls');
    expect(calls).toEqual({
      status: 200,
      json: {
        total: 2,
        calls: [
          { method: 'GET', path: '/api/Users', status: 200, count: 1 },
          { method: 'GET', path: '/api/Users', status: 401, count: 1 },
        ],
      },
    });
    expect((await admin(sim.url, 'GET', '/__sim/budget')).json).toMatchObject({ remaining: 9 });
  });

  it('counts calls by path template, not by Guid', async () => {
    const { sim, call } = await start();
    const [a, b] = sim.admin.records('Users');
    await call('GET', `/api/Users/${String(a?.Guid)}`);
    await call('GET', `/api/Users/${String(b?.Guid)}`);
    await call('GET', '/api/Users/missing');
    expect(sim.admin.calls().calls).toEqual([
      { method: 'GET', path: '/api/Users/{guid}', status: 200, count: 2 },
      { method: 'GET', path: '/api/Users/{guid}', status: 404, count: 1 },
    ]);
  });

  it('reads and changes the faults, the budget and the clock', async () => {
    const { sim, call } = await start();
    const faults = await admin(sim.url, 'PUT', '/__sim/faults', {
      errorRate: 1,
      paths: ['/api/Meets'],
    });
    expect(faults.json).toMatchObject({ errorRate: 1, paths: ['/api/Meets'], hangRate: 0 });
    expect((await call('GET', '/api/Meets')).status).toBe(500);
    expect((await admin(sim.url, 'GET', '/__sim/faults')).json).toEqual(sim.admin.faults());
    expect(await admin(sim.url, 'PUT', '/__sim/faults', { errorRate: -1 })).toMatchObject({
      status: 400,
      json: { Message: expect.stringContaining('errorRate') },
    });

    expect(
      (await admin(sim.url, 'PUT', '/__sim/budget', { dailyLimit: 7, remaining: 1 })).json,
    ).toMatchObject({
      dailyLimit: 7,
      remaining: 1,
    });
    await call('GET', '/api/Users');
    expect((await call('GET', '/api/Users')).status).toBe(403);
    const clock = await admin(sim.url, 'POST', '/__sim/clock', { advanceMs: 24 * 60 * 60 * 1000 });
    expect(clock.json).toMatchObject({ today: '2026-03-03' });
    expect((await call('GET', '/api/Users')).remaining).toBe(6);
  });

  it('dumps and replaces a collection, named as the path or as the client names it', async () => {
    const { sim, api } = await start();
    const dump = await admin(sim.url, 'GET', '/__sim/records/IncidentBook');
    expect(dump.json).toEqual(sim.admin.records('incidents'));
    const replaced = await admin(sim.url, 'PUT', '/__sim/records/incidents', [
      {
        Guid: 'i-1',
        IncidentTitle: 'Only one',
        IncidentDate: '2026-03-01',
        Status: 'Open',
        AddedBy: [{ Guid: 'm' }],
      },
    ]);
    expect(replaced.json).toEqual({ collection: 'IncidentBook', count: 1 });
    expect((await api.listIncidents()).map((incident) => incident.title)).toEqual(['Only one']);
    expect(
      (await admin(sim.url, 'PUT', '/__sim/records/Users', [{ Firstname: 'no guid' }])).status,
    ).toBe(400);
    expect((await admin(sim.url, 'GET', '/__sim/records/Nothing')).status).toBe(404);
  });

  it('resets counts and budget, and reseeds a different club on request', async () => {
    const { sim, call } = await start({ members: 40 });
    await call('POST', '/api/WaitingList', {
      body: { DateAdded: '2026-03-01', Firstname: 'A', Lastname: 'B' },
    });
    const waiting = sim.admin.records('WaitingList').length;
    await admin(sim.url, 'POST', '/__sim/reset');
    expect(sim.admin.calls()).toEqual({ total: 0, calls: [] });
    expect(sim.admin.budget().remaining).toBe(5000);
    expect(sim.admin.records('WaitingList')).toHaveLength(waiting);
    await admin(sim.url, 'POST', '/__sim/reset', { reseed: true, members: 60 });
    expect(sim.admin.records('Users')).toHaveLength(60);
    expect(sim.admin.records('WaitingList')).not.toHaveLength(waiting);
  });
});
