import { afterAll, describe, expect, it } from 'vitest';
import { replyToPlainText } from '../../src/core/reply.js';
import { runDigest } from '../../src/digests/run-digest.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { connectTestRedis } from '../support/redis.js';
import { digestFixture, user } from './digest-fixture.js';

const redis = connectTestRedis();
afterAll(() => redis.quit());

const club = memoryClubData({ members: 250, today: '2026-03-09' });
/** Monday 9 March 2026, 08:00 in London (GMT). */
const monday8am = Date.parse('2026-03-09T08:00:00Z');

describe('the weekly checks digest', () => {
  it.each([
    ['membership', 'Members with no date of birth', 'DBS of coaches'],
    ['welfare', 'DBS of coaches', 'Members with no date of birth'],
  ] as const)(
    'when the %s officer added it, then their DMs get their own kind of checks, audited',
    async (role, shown, hidden) => {
      const f = digestFixture(redis, club.data, monday8am + 5_000);
      f.roles.set('U-ADDER', [role]);
      const sub = await f.add({
        kind: 'checks',
        schedule: { at: '08:00', on: 'Monday' },
        channelId: undefined,
      });
      expect(await runDigest(sub.id, monday8am, f.deps)).toEqual({
        kind: 'checks',
        outcome: 'posted',
      });
      const [entry, ...more] = await f.outbox();
      expect(more).toEqual([]);
      expect(entry?.replyTo).toMatchObject({ post: 'dm', to: 'U-ADDER' });
      expect(entry?.reply.personalData).toBe(true);
      const text = replyToPlainText(entry!.reply);
      expect(text).toContain(shown);
      expect(text).not.toContain(hidden);
    },
  );

  it('when the one who added it no longer holds either office, then nothing is sent', async () => {
    const f = digestFixture(redis, club.data, monday8am + 5_000);
    const sub = await f.add({ kind: 'checks', addedBy: user('U-FORMER'), channelId: undefined });
    expect((await runDigest(sub.id, monday8am, f.deps)).outcome).toBe('no-recipients');
    expect(await f.outbox()).toEqual([]);
  });
});
