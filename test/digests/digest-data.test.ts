import { describe, expect, it } from 'vitest';
import { BudgetDeniedError } from '../../src/budget/daily-budget.js';
import type { Priority } from '../../src/budget/priority.js';
import { createReadCache } from '../../src/cache/read-cache.js';
import type { ClubApi } from '../../src/club/club-api.js';
import type { Incident, Member } from '../../src/club/domain.js';
import { createDigestData } from '../../src/digests/digest-data.js';
import { testSealer } from '../support/data-key.js';
import { memberRecord } from '../support/member-record.js';
import { connectionsClosedAfterAll, uniquePrefix } from '../support/redis.js';

const connect = connectionsClosedAfterAll();
const hour = 3_600_000;

/** A club API whose lists answer from arrays (or refuse, for want of budget), counting calls by priority. */
function fakeApis(lists: { members: Member[]; incidents: Incident[] }) {
  const calls: Priority[] = [];
  let denied = false;
  const apiFor = (priority: Priority) =>
    ({
      async listMembers() {
        calls.push(priority);
        if (denied) throw new BudgetDeniedError(priority, Date.now() + hour);
        return lists.members;
      },
      async listIncidents() {
        calls.push(priority);
        if (denied) throw new BudgetDeniedError(priority, Date.now() + hour);
        return lists.incidents;
      },
    }) as unknown as ClubApi;
  return { apiFor, calls, deny: () => (denied = true) };
}

function setUp() {
  const clock = { now: 10 * 24 * hour };
  const cache = createReadCache({
    redis: connect(),
    prefix: uniquePrefix('digest-data'),
    sealer: testSealer,
    freshMs: 15 * 60_000,
    now: () => clock.now,
  });
  const incident = (guid: string): Incident => ({
    guid,
    title: guid,
    date: '2026-03-01',
    status: 'Open',
    addedBy: [],
    comments: [],
  });
  const lists = { members: [memberRecord('m1')], incidents: [incident('i1')] };
  const apis = fakeApis(lists);
  const data = createDigestData({ cache, apiFor: apis.apiFor, now: () => clock.now });
  return { clock, cache, lists, apis, data, incident };
}

describe('the club data digests read', () => {
  it('when nothing is cached, then it is loaded at background priority only', async () => {
    const { apis, data } = setUp();
    await data.members();
    await data.incidents();
    expect(apis.calls).toEqual(['background', 'background']);
  });

  it('when the members were read today, then a digest uses them without a call, however stale for commands', async () => {
    const { apis, data, clock } = setUp();
    await data.members();
    clock.now += 5 * hour;
    const members = await data.members();
    expect(members.stale).toBe(true);
    expect(apis.calls).toHaveLength(1);
  });

  it('when a small collection is stale, then the digest waits for its refresh and gets the new records', async () => {
    const { apis, data, clock, lists, incident } = setUp();
    await data.incidents();
    lists.incidents = [incident('i1'), incident('i2')];
    clock.now += hour;
    const incidents = await data.incidents();
    expect(incidents.value.map((i) => i.guid)).toEqual(['i1', 'i2']);
    expect(incidents.stale).toBe(false);
    expect(apis.calls).toEqual(['background', 'background']);
  });

  it('when the budget says no, then what the cache holds is served with its age; with nothing cached it fails', async () => {
    const { apis, data, clock } = setUp();
    await data.incidents();
    const fetchedAt = clock.now;
    clock.now += 3 * hour;
    apis.deny();
    const incidents = await data.incidents();
    expect(incidents).toMatchObject({ stale: true, fetchedAt });
    await expect(data.members()).rejects.toBeInstanceOf(BudgetDeniedError);
  });

  it('never reads special-category data', async () => {
    const { data } = setUp();
    await expect(data.memberSensitive('m1')).rejects.toThrow('never');
  });
});
