import { describe, expect, it } from 'vitest';
import type { QuotaReport } from '../../src/core/club-data.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { quotaReport } from '../support/quota-report.js';
import { askerWith, run } from './command-context.js';

const now = new Date('2026-07-14T12:00:00Z');
const report = quotaReport(1234, Date.parse('2026-07-14T13:05:00Z'), {
  cacheAges: [
    { collection: 'members', fetchedAt: now.getTime() - 4 * 60_000 },
    { collection: 'meets', fetchedAt: null },
  ],
  queue: { waiting: 2, active: 1, delayed: 0, failed: 0 },
  layout: { setting: 'auto', inUse: 'bare' },
});

describe('/quota', () => {
  it('when an admin asks, then calls used, remaining, when more come back, each priority, cache ages and queue are shown', async () => {
    const club = memoryClubData();
    const reply = await run('quota', {
      data: club.data,
      asker: askerWith(['admin']),
      now,
      quota: report,
    });
    const text = replyToPlainText(reply);
    expect(text).toContain(
      '1,234 of 5,000 calls used in the last 24 hours; 3,766 left. More come back from 14:05 on Tue.',
    );
    expect(text).toContain('3,766 calls for forms being filed');
    expect(text).toContain('2,766 calls for refreshing in the background');
    expect(text).toContain('members 4 minutes ago; meets not read yet.');
    expect(text).toContain('1 command being answered, 2 waiting');
    expect(text).not.toMatch(/whosWho|trialRequests|\d+ active/);
    expect(text).toContain('bare (/Members, /{Collection}), found by asking the service');
  });

  it('when the paths are set, or not found yet, then it says which', async () => {
    const club = memoryClubData();
    const shown = async (layout: QuotaReport['layout']) =>
      replyToPlainText(await run('quota', { data: club.data, now, quota: { ...report, layout } }));
    expect(await shown({ setting: 'spec', inUse: 'spec' })).toContain(
      'spec (/api/Users, /api/{Collection}), set by CLUB_API_LAYOUT',
    );
    expect(await shown({ setting: 'auto', inUse: null })).toContain(
      'not found yet: the first call tries /api/Users, then /Members',
    );
  });

  it('when no calls were counted in the last day, then it says so', async () => {
    const club = memoryClubData();
    const reply = await run('quota', {
      data: club.data,
      now,
      quota: { ...report, used: 0, nextUnitAt: null },
    });
    expect(replyToPlainText(reply)).toContain('No calls counted in the last 24 hours');
  });
});
