import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubPrefix } from '../../src/redis/club-keys.js';
import { startHostingHarness, type HostingHarness } from './hosting-harness.js';
import { waitFor } from '../support/wait-for.js';

/**
 * The multi-club scenarios, on one Redis (isolation.test.ts) or a Redis Cluster
 * (redis-cluster.test.ts): `where` names it, `clusterNodes` says which cluster.
 */
export function isolationScenarios(where: string, clusterNodes?: () => string): void {
  /*
   * Clubs of one deployment keep apart: each has its own budget, cache and audit trail under its
   * own prefix, and what happens to one (a spent budget, a failing service) is not felt by another.
   */
  let host: HostingHarness;
  beforeAll(async () => {
    host = await startHostingHarness({
      clubs: [{ id: 'otters' }, { id: 'seals', dailyLimit: 40 }, { id: 'herons' }],
      clusterNodes: clusterNodes?.(),
    });
  });
  afterAll(() => host.stop());

  const answer = async (clubId: string, line: string) => {
    const { id, result } = await host.send(clubId, line);
    expect(result.kind).toBe('queued');
    const [reply] = await waitFor(() => host.replies.get(id), `the answer to ${line} in ${clubId}`);
    return reply;
  };
  const callsTo = (clubId: string) => host.simulators.get(clubId)?.admin.calls().total ?? 0;
  const auditOf = (clubId: string) => host.redis.xlen(`${clubPrefix(clubId, host.root)}:audit`);

  describe(`clubs on one deployment, on ${where}`, () => {
    it('when two clubs ask the same command, each is answered from its own club service', async () => {
      const otters = await answer('otters', '/whoswho');
      const herons = await answer('herons', '/whoswho');
      expect(JSON.stringify(otters)).not.toEqual(JSON.stringify(herons));
      expect(callsTo('otters')).toBeGreaterThan(0);
      expect(callsTo('herons')).toBeGreaterThan(0);
    });

    it('when a club reads, only its own budget counts the calls', async () => {
      const before = await host.directory.club('herons')?.budget.state();
      await answer('otters', '/events');
      const after = await host.directory.club('herons')?.budget.state();
      expect(after?.used).toBe(before?.used);
    });

    it('when a club has warmed its cache, another club’s first read still goes to its own service', async () => {
      await answer('otters', '/meets');
      const herons = callsTo('herons');
      await answer('herons', '/meets');
      expect(callsTo('herons')).toBeGreaterThan(herons);
      const otters = callsTo('otters');
      await answer('otters', '/meets');
      expect(callsTo('otters')).toBe(otters);
    });

    it('when a club’s budget is spent, its reads come from its cache and other clubs are served as usual', async () => {
      await answer('seals', '/sessions');
      const seals = host.directory.club('seals');
      await seals?.budget.exhausted();
      expect((await seals?.budget.state())?.remaining).toBe(0);
      const cached = await answer('seals', '/sessions');
      expect(cached?.title).toMatch(/timetable/i);
      const herons = await answer('herons', '/sessions');
      expect(herons?.title).toMatch(/timetable/i);
      const heronsBudget = await host.directory.club('herons')?.budget.state();
      expect(heronsBudget?.remaining).toBeGreaterThan(0);
    });

    it('when a club’s service fails with 500s, another club’s commands are answered', async () => {
      host.simulators.get('otters')?.admin.setFaults({ errorRate: 1 });
      // Nobody has asked for the otters' incidents yet: the answer needs their service.
      const { id } = await host.send('otters', '/incident list');
      const herons = await answer('herons', '/whoswho');
      expect(herons?.title).toMatch(/who/i);
      expect(host.replies.get(id)).toBeUndefined();
      host.simulators.get('otters')?.admin.setFaults({ errorRate: 0 });
      await waitFor(
        () => host.replies.get(id),
        'the otters’ answer once their service is back',
        20_000,
      );
    });

    it('when a welfare officer looks a member up, the audit trail of that club alone records it', async () => {
      const [heronsBefore, ottersBefore] = [await auditOf('herons'), await auditOf('otters')];
      const members = await host.directory.club('herons')?.data.members();
      const someone = members?.value.find((member) => member.lastName);
      await answer('herons', `/member ${someone?.firstName} ${someone?.lastName}`);
      expect(await auditOf('herons')).toBe(heronsBefore + 1);
      expect(await auditOf('otters')).toBe(ottersBefore);
    });
  });
}
