import { describe, expect, it } from 'vitest';
import { useSimulators } from './simulator-fixture.js';
import { pageCounts } from '../support/page-counts.js';

const start = useSimulators();

/** `count` valid incidents, numbered from 1. */
function incidents(count: number, reporter: string) {
  return Array.from({ length: count }, (_, index) => ({
    Guid: `incident-${index + 1}`,
    IncidentTitle: `Incident ${index + 1}`,
    IncidentDate: '2026-02-01',
    Status: 'Closed',
    AddedBy: [{ Guid: reporter, Firstname: 'Pat', Lastname: 'Lee' }],
    Comments: [],
  }));
}

describe('paging of collection GETs', () => {
  it.each(pageCounts)(
    'when the incident book holds %i records, the client reads them all in %i call(s)',
    async (count, calls) => {
      const { sim, api, seen } = await start();
      sim.admin.setRecords('IncidentBook', incidents(count, 'reporter'));
      const read = await api.listIncidents();
      expect(read.map((incident) => incident.guid)).toEqual(
        incidents(count, 'reporter').map((incident) => incident.Guid),
      );
      expect(seen).toHaveLength(calls);
      expect(sim.admin.calls().calls).toEqual([
        { method: 'GET', path: '/api/IncidentBook', status: 200, count: calls },
      ]);
    },
  );

  it('serves 100 records a page, as a bare array, page 1 when no Page is sent', async () => {
    const { sim, call } = await start();
    sim.admin.setRecords('IncidentBook', incidents(250, 'r'));
    const guids = async (path: string, headers?: Record<string, string>) =>
      ((await call('GET', path, { headers })).json as { Guid: string }[]).map(
        (record) => record.Guid,
      );
    expect(await guids('/api/IncidentBook')).toEqual(incidents(100, 'r').map((i) => i.Guid));
    expect((await guids('/api/IncidentBook?Page=3')).slice(0, 2)).toEqual([
      'incident-201',
      'incident-202',
    ]);
    expect(await guids('/api/IncidentBook', { Page: '3' })).toHaveLength(50);
  });

  it('answers a page past the last with an empty array and 200', async () => {
    const { sim, call } = await start();
    sim.admin.setRecords('IncidentBook', incidents(100, 'r'));
    expect(await call('GET', '/api/IncidentBook', { headers: { Page: '2' } })).toMatchObject({
      status: 200,
      json: [],
    });
    expect((await call('GET', '/api/Users?Page=99')).json).toEqual([]);
  });

  it('takes the Page header over the Page query when both are sent', async () => {
    const { sim, call } = await start();
    sim.admin.setRecords('IncidentBook', incidents(150, 'r'));
    const answer = await call('GET', '/api/IncidentBook?Page=1', { headers: { Page: '2' } });
    expect(answer.json).toHaveLength(50);
  });

  it.each(['0', '-1', 'abc', '1.5', ''])(
    'answers a Page of "%s" with 400 and a message',
    async (page) => {
      const { call } = await start();
      for (const init of [{ headers: { Page: page } }, {}]) {
        const path =
          'headers' in init ? '/api/Users' : `/api/Users?Page=${encodeURIComponent(page)}`;
        const answer = await call('GET', path, init);
        expect(answer.status).toBe(400);
        expect(answer.json).toEqual({
          Message: expect.stringMatching(/^Page: must be a whole number from 1/),
        });
      }
    },
  );

  it("pages the committee members too, but not who's who", async () => {
    const { call } = await start({ members: 250 });
    expect((await call('GET', '/api/CommitteeMembers?Page=2')).json).toEqual([]);
    expect((await call('GET', '/api/WhosWho?Page=2')).json).toHaveLength(1);
  });
});
