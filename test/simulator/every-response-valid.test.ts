/**
 * Every operation of the document, answered with each status it declares (200, 400, 401, 403,
 * 404, 500), and every answer checked against the document with openapi-backend's response
 * validation (bodies and the X-Ratelimit-Remaining header).
 */
import { describe, expect, it } from 'vitest';
import { loadClubContract } from '../../src/simulator/load-club-contract.js';
import { documentValidator } from './document-validator.js';
import { useSimulators, type TestSimulator } from './simulator-fixture.js';

const start = useSimulators();

/** A valid body for each write, given a member's Guid and the addressed record's Guid. */
function validBody(operationId: string, memberGuid: string, guid: string): unknown {
  switch (operationId) {
    case 'createClubEvent':
      return {
        EventTitle: 'Club champs',
        EventStartDate: '2026-05-02',
        EventStartTime: '08:30',
        EventEndDate: '2026-05-02',
        EventEndTime: '13:00',
        CalendarColour: 'Pu',
      };
    case 'createIncident':
      return {
        IncidentTitle: 'Cut foot',
        IncidentDate: '2026-03-01',
        Status: 'Open',
        AddedBy: [{ Guid: memberGuid }],
      };
    case 'createTrialRequest':
      return { FirstName: 'Sam', LastName: 'Jones', Dob: '2015-06-01' };
    case 'createUser':
      return { Firstname: 'Kit', Lastname: 'Marlowe' };
    case 'updateUser':
      return { Guid: guid, Firstname: 'Kit', Lastname: 'Marlowe', KnownAs: 'Kit' };
    case 'updateUserByBodyGuid':
      return { Guid: guid, KnownAs: 'Kit' };
    case 'addWaitingListPerson':
      return { DateAdded: '2026-03-01', Firstname: 'Lee', Lastname: 'Chan' };
    case 'createEmailList':
      return { ListName: 'Parents', Members: [{ Guid: memberGuid }] };
    case 'updateEmailList':
      return { Guid: guid, ListName: 'Parents', Members: [] };
    case 'updateEmailListByBodyGuid':
      return { Guid: guid, ListName: 'Parents' };
    default:
      return undefined;
  }
}

/**
 * The Guid an operation addresses, in its path or (a PUT to the collection) its body: a record of
 * its collection, or `no-such-guid`.
 */
function guidFor(template: string, sim: TestSimulator['sim'], known: boolean): string {
  const collection = /^\/api\/([A-Za-z]+)/.exec(template)?.[1] ?? '';
  return known ? String(sim.admin.records(collection as never)[0]?.Guid) : 'no-such-guid';
}

describe('every response the simulator sends is valid against the document', () => {
  it('answers every operation with each status it declares, each answer valid', async () => {
    const validator = await documentValidator();
    const simulator = await start({ members: 120 });
    const { sim, call } = simulator;
    const member = String(sim.admin.records('Users')[0]?.Guid);
    const { routes } = await loadClubContract();
    const produced = new Map<string, Set<number>>();

    for (const operationId of validator.operationIds()) {
      const route = routes.find((candidate) => candidate.operationId === operationId);
      if (!route) throw new Error(`the simulator has no route for ${operationId}`);
      const send = async (init: Parameters<typeof call>[2] = {}, known = true) => {
        const guid = guidFor(route.path, sim, known);
        const path = route.path.replace('{guid}', guid);
        const body = route.hasBody ? validBody(operationId, member, guid) : undefined;
        const answer = await call(route.method, path, { body, ...init });
        const statuses = produced.get(operationId) ?? new Set();
        statuses.add(answer.status);
        produced.set(operationId, statuses);
        return answer;
      };
      const declared = validator.declaredStatuses(operationId);

      expect((await send()).status, operationId).toBe(200);
      if (declared.includes(400)) {
        // A write with a body that is not a record; a paged read with a Page that is not a page.
        const bad = route.hasBody ? { body: ['not a record'] } : { headers: { Page: '0' } };
        expect((await send(bad)).status, operationId).toBe(400);
      }
      expect((await send({ token: 'wrong' })).status).toBe(401);
      if (declared.includes(404)) expect((await send({}, false)).status).toBe(404);
      const left = sim.admin.budget().remaining;
      sim.admin.setBudget({ remaining: 0 });
      expect((await send()).status).toBe(403);
      sim.admin.setBudget({ remaining: left });
      sim.admin.setFaults({ errorRate: 1 });
      expect((await send()).status).toBe(500);
      sim.admin.setFaults({ errorRate: 0 });

      expect([...(produced.get(operationId) ?? [])].sort(), operationId).toEqual(declared.sort());
    }
    expect(produced.size).toBe(33);
    // The fixture checks every response seen against the document after the test.
  });

  it('the check itself catches a response that is off the document', async () => {
    const validator = await documentValidator();
    const headers = new Headers({ 'content-type': 'application/json' });
    const problems = validator.check({
      method: 'GET',
      path: '/api/Users',
      status: 200,
      headers,
      body: JSON.stringify([{ Guid: 'x', Firstname: 'A', Lastname: 'B', Active: 'Yes' }]),
    });
    expect(problems.join('\n')).toContain('no X-Ratelimit-Remaining');
    expect(problems.join('\n')).toContain('Active');
    headers.set('X-Ratelimit-Remaining', '3');
    expect(
      validator.check({ method: 'GET', path: '/api/Users', status: 418, headers, body: '[]' }),
    ).toEqual(['GET /api/Users 418: status not declared for listUsers']);
  });
});
