/**
 * The real-client contract: what long-lived public clients of the real service rely on
 * (club-service-notes.md), checked against the `real` profile in the bare layout by a naive client
 * written from those facts alone. Like the real clients, it sends `Authorization-Token` and `Page`
 * headers, stops on a short page, reads only the one form each field takes on a real host and
 * compares with it exactly (`Active === "1"`); it knows nothing of src/club's tolerant decoder.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.js';
import { realMemberFlags } from './real-member-flags.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

type Wire = Record<string, unknown>;

/** A client as the real service's public clients are written: exact forms, no tolerance. */
function naiveClient(sim: RunningSimulator, token: string) {
  const get = async (path: string, page?: number): Promise<unknown> => {
    const headers: Record<string, string> = { 'Authorization-Token': token };
    if (page !== undefined) headers.Page = String(page);
    const response = await fetch(sim.url + path, { headers });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${response.statusText}`);
    return response.json();
  };
  return {
    get,
    /** Every page of a collection, page by page, stopping on a page of fewer than 100. */
    async pages(path: string): Promise<Wire[][]> {
      const pages: Wire[][] = [];
      for (let page = 1; ; page += 1) {
        const records = (await get(path, page)) as Wire[];
        pages.push(records);
        if (records.length < 100) return pages;
      }
    },
  };
}

describe.each([
  ['real', '1', '0'],
  ['real-2025', 'Yes', 'No'],
] as const)('a real service’s client against the %s profile', (profile, on, off) => {
  it('reads members, sessions and the code of conduct in their one form, and counts what the spec layout counts', async () => {
    const sim = await startSimulator({ token: 'contract', members: 250, seed: 1, profile });
    try {
      const client = naiveClient(sim, 'contract');

      const memberPages = await client.pages('/Members');
      expect(memberPages.map((page) => page.length)).toEqual([100, 100, 50]);
      for (const page of memberPages) {
        for (const member of page) {
          for (const field of ['Firstname', 'Lastname', 'DOB', 'ASANumber', 'ASACategory'])
            expect(member, field).toHaveProperty(field);
          for (const flag of realMemberFlags) expect([on, off], flag).toContain(member[flag]);
          for (const list of ['Parents', 'Swimmers', 'SessionRestrictions'])
            for (const link of member[list] as Wire[]) expect(Object.keys(link)).toEqual(['Guid']);
        }
      }
      const members = memberPages.flat();
      const activeMembers = members.filter((member) => member.Active === on).length;

      const sessions = (await client.pages('/ClubSessions')).flat();
      for (const session of sessions) expect(Number.isInteger(session.Archived)).toBe(true);
      const activeSessions = sessions.filter((session) => session.Archived === 0).length;

      const codes = (await client.get('/CodeOfConduct')) as Wire[];
      expect(codes.length).toBeGreaterThan(0);
      const memberGuids = new Set(members.map((member) => member.Guid));
      for (const { Guid } of codes) {
        const code = (await client.get(`/CodeOfConduct/${String(Guid)}`)) as Wire;
        expect(typeof code.Title).toBe('string');
        for (const agreement of code.Members as Wire[]) {
          expect(Object.keys(agreement).sort()).toEqual(['DateAgreed', 'Guid']);
          expect(memberGuids.has(agreement.Guid)).toBe(true);
        }
      }
      expect((await client.pages('/NoticeBoard')).flat().length).toBeGreaterThan(0);

      const spec = await start({ members: 250, seed: 1 });
      const specMembers = await spec.api.listMembers();
      const specSessions = await spec.api.listSessions();
      expect(activeMembers).toBe(specMembers.filter((member) => member.active).length);
      expect(activeSessions).toBe(specSessions.filter((session) => !session.archived).length);
      expect(activeMembers).toBeGreaterThan(200);
    } finally {
      await sim.stop();
    }
  });
});
