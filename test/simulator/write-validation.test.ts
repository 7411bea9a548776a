import { describe, expect, it } from 'vitest';
import { ClubValidationError } from '../../src/club/club-errors.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

const event = {
  EventTitle: 'Open water taster',
  EventStartDate: '2026-06-06',
  EventStartTime: '07:00',
  EventEndDate: '2026-06-06',
  EventEndTime: '09:00',
};

describe('writes are validated against the document', () => {
  async function incidentAnswer(changes: Record<string, unknown>, drop: string[] = []) {
    const simulator = await start();
    const reporter = String(simulator.sim.admin.records('Users')[0]?.Guid);
    const body: Record<string, unknown> = {
      IncidentTitle: 'Near miss at the deep end',
      IncidentDate: '2026-03-01',
      Status: 'Open',
      AddedBy: [{ Guid: reporter }],
      ...changes,
    };
    for (const field of drop) delete body[field];
    const before = simulator.sim.admin.records('IncidentBook').length;
    const answer = await simulator.call('POST', '/api/IncidentBook', { body });
    return { answer, filed: simulator.sim.admin.records('IncidentBook').length - before };
  }

  it.each([
    ['a missing required field', {}, ['IncidentTitle'], 'IncidentTitle: is required'],
    [
      'a title over 50 characters',
      { IncidentTitle: 'x'.repeat(51) },
      [],
      'IncidentTitle: must be at most 50 characters',
    ],
    [
      'details over 4000 characters',
      { IncidentDetails: 'x'.repeat(4001) },
      [],
      'IncidentDetails: must be at most 4000 characters',
    ],
    [
      'a status outside the enum',
      { Status: 'Resolved' },
      [],
      'Status: must be one of: Open, In Progress, On Hold, Closed',
    ],
    [
      'a date that is not in the calendar',
      { IncidentDate: '2026-02-30' },
      [],
      'IncidentDate: must be a real calendar date',
    ],
    [
      'a date in another format',
      { IncidentDate: '01/03/2026' },
      [],
      'IncidentDate: must be a real calendar date',
    ],
    ['an empty AddedBy', { AddedBy: [] }, [], 'AddedBy: must have at least 1 item(s)'],
    [
      'an AddedBy naming no member',
      { AddedBy: [{ Guid: 'ghost' }] },
      [],
      'AddedBy[0].Guid: no member has the Guid "ghost"',
    ],
  ])(
    'refuses an incident with %s: 400 naming the field and the rule, nothing filed',
    async (_case, changes, drop, message) => {
      const { answer, filed } = await incidentAnswer(changes, drop);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ Message: expect.stringContaining(message) });
      expect(filed).toBe(0);
    },
  );

  it('accepts exactly 50 and 4000 characters, and 29 February in a leap year', async () => {
    const { answer, filed } = await incidentAnswer({
      IncidentTitle: 'x'.repeat(50),
      IncidentDetails: 'y'.repeat(4000),
      IncidentDate: '2028-02-29',
    });
    expect(answer.status).toBe(200);
    expect(filed).toBe(1);
  });

  it.each([
    ['25:00', 'EventStartTime'],
    ['9:00', 'EventStartTime'],
    ['12:60', 'EventStartTime'],
  ])('refuses a club event starting at "%s": 400 naming the 24-hour rule', async (time, field) => {
    const { call } = await start();
    const answer = await call('POST', '/api/ClubEvents', {
      body: { ...event, EventStartTime: time },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      Message: `${field}: must be a 24-hour time, HH:mm (00:00 to 23:59)`,
    });
  });

  it('names every broken rule of one body at once', async () => {
    const { call } = await start();
    const answer = await call('POST', '/api/ClubEvents', {
      body: {
        ...event,
        EventTitle: undefined,
        Pool: '100m',
        BusProvided: 'Yes',
        EventEndDate: '2026-13-01',
      },
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { Message: string }).Message.split('; ')).toEqual([
      'EventTitle: is required',
      'EventEndDate: must be a real calendar date, yyyy-mm-dd',
      'BusProvided: must be one of: 0, 1',
      'Pool: must be one of: 20m, 25m, 33m, 50m, OW',
    ]);
  });

  it('validates a PUT as strictly as a POST', async () => {
    const { call, sim } = await start();
    const guid = String(sim.admin.records('Users')[0]?.Guid);
    const answer = await call('PUT', `/api/Users/${guid}`, {
      body: {
        Guid: guid,
        Firstname: 'A',
        Lastname: 'B',
        SwimsForOtherClub: 'z'.repeat(101),
        Gender: 'X',
      },
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { Message: string }).Message).toBe(
      'Gender: must be one of: M, F; SwimsForOtherClub: must be at most 100 characters',
    );
  });

  it('refuses a body that is not JSON, or none at all', async () => {
    const { sim } = await start();
    const post = (body: string) =>
      fetch(`${sim.url}/api/WaitingList`, {
        method: 'POST',
        headers: {
          'Authorization-Token': 'sim-test-token-7c1e',
          'Content-Type': 'application/json',
        },
        body,
      }).then(async (response) => [response.status, await response.json()]);
    expect(await post('{"Firstname": ')).toEqual([400, { Message: 'body: is not valid JSON' }]);
    expect(await post('')).toEqual([400, { Message: 'body: is required (a JSON object)' }]);
  });

  it('gives the client a typed validation error carrying the message', async () => {
    const { api } = await start();
    const error = await api
      .fileTrialRequest({ firstName: 'A'.repeat(51), lastName: 'B', dateOfBirth: '2015-02-29' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClubValidationError);
    expect((error as ClubValidationError).serviceMessage).toBe(
      'FirstName: must be at most 50 characters; Dob: must be a real calendar date, yyyy-mm-dd',
    );
  });
});
