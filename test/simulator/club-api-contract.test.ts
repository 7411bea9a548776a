/**
 * The contract test of both sides: the typed client of src/club against the simulator, for every
 * endpoint. Every response the simulator sends here is also checked against the document.
 */
import { describe, expect, it } from 'vitest';
import { ClubNotFoundError } from '../../src/club/club-errors.js';
import type { CollectionRef } from '../../src/simulator/simulator-collections.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

const guidsOf = (records: readonly { Guid?: unknown }[]) => records.map((record) => record.Guid);

describe('the typed client against the simulator', () => {
  it('reads every collection of the seeded club through the ClubApi', async () => {
    const { api, sim } = await start({ members: 250 });
    const reads: [CollectionRef, () => Promise<readonly { guid: string }[]>][] = [
      ['Users', () => api.listMembers()],
      ['ClubSessions', () => api.listSessions()],
      ['ClubGroups', () => api.listGroups()],
      ['ClubRoles', () => api.listRoles()],
      ['ClubEvents', () => api.listEvents()],
      ['Meets', () => api.listMeets()],
      ['IncidentBook', () => api.listIncidents()],
      ['TrialRequests', () => api.listTrialRequests()],
      ['WaitingList', () => api.listWaitingList()],
    ];
    for (const [collection, read] of reads) {
      const guids = (await read()).map((record) => record.guid);
      expect(guids, collection).toEqual(guidsOf(sim.admin.records(collection)));
    }
  });

  it('reads 250 members in three pages of 100, 100 and 50', async () => {
    const { api, seen } = await start({ members: 250 });
    await api.listMembers();
    expect(seen.map((response) => [response.path, JSON.parse(response.body).length])).toEqual([
      ['/api/Users', 100],
      ['/api/Users', 100],
      ['/api/Users', 50],
    ]);
  });

  it("reads who's who as a list of one Categories object", async () => {
    const { api, sim, seen } = await start();
    const categories = await api.getWhosWho();
    const stored = sim.admin.records('WhosWho')[0] as { Categories: { Category: string }[] };
    expect(categories.map((category) => category.category)).toEqual(
      stored.Categories.map((category) => category.Category),
    );
    expect(JSON.parse(seen[0]?.body ?? '')).toHaveLength(1);
  });

  it('reads one member with the sensitive fields, by Guid', async () => {
    const { api, sim } = await start();
    const withDbs = sim.admin.records('Users').find((user) => user.DBSDate !== undefined);
    expect(withDbs).toBeDefined();
    const { member, sensitive } = await api.getMemberWithSensitive(String(withDbs?.Guid));
    expect(member.guid).toBe(withDbs?.Guid);
    expect(sensitive.dbsDate).toBe(withDbs?.DBSDate);
  });

  it('answers an unknown Guid with 404 and a message, which the client reads as not found', async () => {
    const { api } = await start();
    const error = await api
      .getMemberWithSensitive('no-such-guid')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClubNotFoundError);
    expect((error as ClubNotFoundError).serviceMessage).toContain('no-such-guid');
  });

  it('reads every kind of record by Guid through the typed HTTP client', async () => {
    const { client, sim } = await start();
    const first = (collection: Parameters<typeof sim.admin.records>[0]) =>
      String(sim.admin.records(collection)[0]?.Guid);
    const byGuid = [
      ['/api/ClubEvents/{guid}', first('ClubEvents')],
      ['/api/Meets/{guid}', first('Meets')],
      ['/api/IncidentBook/{guid}', first('IncidentBook')],
      ['/api/TrialRequests/{guid}', first('TrialRequests')],
      ['/api/Users/{guid}', first('Users')],
      ['/api/WaitingList/{guid}', first('WaitingList')],
      ['/api/ClubSessions/{guid}', first('ClubSessions')],
      ['/api/ClubGroups/{guid}', first('ClubGroups')],
      ['/api/ClubRoles/{guid}', first('ClubRoles')],
      ['/api/EmailLists/{guid}', first('EmailLists')],
    ] as const;
    for (const [path, guid] of byGuid) {
      const { data, response } = await client.GET(path, { params: { path: { guid } } });
      expect(response.status, path).toBe(200);
      expect(data?.Guid, path).toBe(guid);
    }
  });

  it('lists the committee members: the users with CommitteeMember 1, same fields', async () => {
    const { client, sim } = await start({ members: 250 });
    const { data } = await client.GET('/api/CommitteeMembers', { params: {} });
    const committee = sim.admin.records('Users').filter((user) => user.CommitteeMember === 1);
    expect(committee.length).toBeGreaterThan(0);
    expect(data).toEqual(committee);
  });

  it('files an incident and reads it back, with AddedBy filled in from the member', async () => {
    const { api, sim } = await start();
    const reporter = sim.admin.records('Users')[3];
    const filed = await api.fileIncident({
      title: 'Slip on poolside',
      date: '2026-03-01',
      status: 'Open',
      details: 'Wet tiles by the steps',
      reporterGuid: String(reporter?.Guid),
    });
    expect(filed).toMatchObject({ title: 'Slip on poolside', date: '2026-03-01', status: 'Open' });
    expect(filed.addedBy).toEqual([
      expect.objectContaining({ guid: reporter?.Guid, firstName: reporter?.Firstname }),
    ]);
    expect((await api.listIncidents()).map((incident) => incident.guid)).toContain(filed.guid);
    expect(sim.admin.records('incidents').at(-1)).toMatchObject({ Guid: filed.guid, Comments: [] });
  });

  it('files a trial request, dating it today when the draft does not', async () => {
    const { api } = await start({ today: '2026-03-02' });
    const filed = await api.fileTrialRequest({
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '2016-12-10',
      gender: 'F',
    });
    expect(filed).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateAdded: '2026-03-02',
    });
    expect((await api.listTrialRequests()).at(-1)?.guid).toBe(filed.guid);
  });

  it('adds a person to the waiting list and reads them back', async () => {
    const { api } = await start();
    const added = await api.addToWaitingList({
      dateAdded: '2026-03-01',
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: '2017-01-05',
      notes: 'Can swim 10 m',
    });
    expect(added).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', notes: 'Can swim 10 m' });
    expect((await api.listWaitingList()).map((person) => person.guid)).toContain(added.guid);
  });

  it('creates a club event through the typed HTTP client, with a new Guid', async () => {
    const { client } = await start();
    const { data, response } = await client.POST('/api/ClubEvents', {
      body: {
        EventTitle: 'Spring gala',
        EventStartDate: '2026-04-11',
        EventStartTime: '09:00',
        EventEndDate: '2026-04-11',
        EventEndTime: '17:30',
        Pool: '25m',
      },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ EventTitle: 'Spring gala', Pool: '25m', SwimTimes: [] });
    expect(data?.Guid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates a user with a blank Password, ignoring the read-only fields sent', async () => {
    const { client, sim } = await start();
    const { data } = await client.POST('/api/Users', {
      body: {
        Guid: 'chosen-by-client',
        LastLoggedIn: '2020-01-01',
        Firstname: 'Mary',
        Lastname: 'Seacole',
        Password: 'hunter2',
        Email: 'mary@example.org',
      },
    });
    expect(data).toMatchObject({ Firstname: 'Mary', Password: '', Active: 1 });
    expect(data?.Guid).not.toBe('chosen-by-client');
    expect(data?.LastLoggedIn).toBeUndefined();
    const stored = sim.admin.records('Users').find((user) => user.Guid === data?.Guid);
    expect(stored?.Password).toBe('');
  });

  it('updates a user by Guid with PUT, the Guid also in the body', async () => {
    const { client, sim } = await start({ today: '2026-03-02' });
    const user = sim.admin.records('Users')[5] as {
      Guid: string;
      Firstname: string;
      Lastname: string;
    };
    const { data, response } = await client.PUT('/api/Users/{guid}', {
      params: { path: { guid: user.Guid } },
      body: {
        Guid: user.Guid,
        Firstname: user.Firstname,
        Lastname: user.Lastname,
        MobilePhone: '07700 900123',
      },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      Guid: user.Guid,
      MobilePhone: '07700 900123',
      LastModifiedDate: '2026-03-02',
    });
    const { data: read } = await client.GET('/api/Users/{guid}', {
      params: { path: { guid: user.Guid } },
    });
    expect(read?.MobilePhone).toBe('07700 900123');
  });

  it('refuses a PUT whose body names another Guid than its path', async () => {
    const { call, sim } = await start();
    const [a, b] = sim.admin.records('Users');
    const answer = await call('PUT', `/api/Users/${String(a?.Guid)}`, {
      body: { Guid: b?.Guid, Firstname: 'X', Lastname: 'Y' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      Message: expect.stringContaining('Guid: must be the Guid in the path'),
    });
  });

  it('archives a user on DELETE: Active 0, the record stays and is still readable', async () => {
    const { client, api, sim } = await start();
    const user = sim.admin.records('Users').find((candidate) => candidate.Active === 1);
    const guid = String(user?.Guid);
    const { data, response } = await client.DELETE('/api/Users/{guid}', {
      params: { path: { guid } },
    });
    expect(response.status).toBe(200);
    expect(data?.Active).toBe(0);
    const { data: read } = await client.GET('/api/Users/{guid}', { params: { path: { guid } } });
    expect(read?.Active).toBe(0);
    const members = await api.listMembers();
    expect(members.find((member) => member.guid === guid)?.active).toBe(false);
    expect(members).toHaveLength(40);
  });

  it('creates an email list and updates it by Guid', async () => {
    const { client, sim } = await start();
    const [a, b] = sim.admin.records('Users').map((user) => String(user.Guid));
    const { data: created } = await client.POST('/api/EmailLists', {
      body: { ListName: 'Gala helpers', Members: [{ Guid: String(a) }] },
    });
    const guid = String(created?.Guid);
    const { data: updated, response } = await client.PUT('/api/EmailLists/{guid}', {
      params: { path: { guid } },
      body: {
        Guid: guid,
        ListName: 'Gala helpers 2026',
        Members: [{ Guid: String(a) }, { Guid: String(b) }],
      },
    });
    expect(response.status).toBe(200);
    expect(updated).toEqual({
      Guid: guid,
      ListName: 'Gala helpers 2026',
      Members: [{ Guid: a }, { Guid: b }],
    });
    expect(sim.admin.records('emailLists').at(-1)).toEqual(updated);
  });
});
