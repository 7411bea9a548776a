import { describe, expect, it } from 'vitest';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();

type Wire = Record<string, unknown>;

/** `count` notices, numbered from 1. */
function notices(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    Guid: `notice-${index + 1}`,
    Title: `Notice ${index + 1}`,
    Message: 'Training is cancelled.',
    DatePosted: '2026-02-01',
    ExpiryDate: '2026-03-01',
  }));
}

describe('the real host’s collections beyond the spec', () => {
  it.each(['spec', 'bare'] as const)(
    'when the layout is %s, then the code-of-conduct list carries titles only and each item its members',
    async (layout) => {
      const { call, sim } = await start({ layout });
      const at = layout === 'spec' ? '/api' : '';
      const list = await call('GET', `${at}/CodeOfConduct`);
      expect(list.status).toBe(200);
      const stored = sim.admin.records('CodeOfConduct');
      expect(list.json).toEqual(stored.map(({ Guid, Title }) => ({ Guid, Title })));
      for (const { Guid } of list.json as Wire[]) {
        const item = await call('GET', `${at}/CodeOfConduct/${String(Guid)}`);
        expect(item.status).toBe(200);
        expect(item.json).toEqual({
          Guid,
          Title: expect.any(String),
          Members: expect.arrayContaining([
            { Guid: expect.any(String), DateAgreed: expect.any(String) },
          ]),
        });
      }
      expect((await call('GET', `${at}/CodeOfConduct/no-such-guid`)).status).toBe(404);
      expect((await call('POST', `${at}/CodeOfConduct`, { body: {} })).status).toBe(405);
    },
  );

  it('when the notice board holds 150 notices, then it pages them 100 and 50, then []', async () => {
    const { call, sim } = await start({ profile: 'real' });
    sim.admin.setRecords('NoticeBoard', notices(150));
    const page = async (n: number) =>
      (await call('GET', '/NoticeBoard', { headers: { Page: String(n) } })).json as Wire[];
    expect((await page(1)).length).toBe(100);
    expect((await page(2)).map((notice) => notice.Guid)).toEqual(
      notices(150)
        .slice(100)
        .map((notice) => notice.Guid),
    );
    expect(await page(3)).toEqual([]);
    expect((await call('GET', '/NoticeBoard/notice-7')).json).toEqual(notices(7)[6]);
  });

  it('when served with beyondSpec false, then both answer 404 as a host without them does, and are counted', async () => {
    const { call, sim } = await start({ beyondSpec: false });
    expect((await call('GET', '/api/CodeOfConduct')).status).toBe(404);
    expect((await call('GET', '/api/NoticeBoard')).status).toBe(404);
    expect((await call('GET', '/api/ClubRoles')).status).toBe(200);
    expect(sim.admin.calls().total).toBe(3);
  });

  it('serves them as stored in the chaos profile too', async () => {
    const { call, sim } = await start({ profile: 'chaos' });
    const [code] = sim.admin.records('CodeOfConduct');
    expect((await call('GET', `/api/CodeOfConduct/${String(code?.Guid)}`)).json).toEqual(code);
  });
});
