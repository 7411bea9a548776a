import { describe, expect, it } from 'vitest';
import { replyToPlainText } from '../../src/core/reply.js';
import { askerWith, run } from '../commands/command-context.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { quotaReport } from '../support/quota-report.js';
import { expectFitsPhone, renderedLines } from './phone-width.js';

const everyRole = askerWith(
  ['coach', 'head-coach', 'welfare', 'membership', 'committee', 'admin'],
  'asker-guid',
);
const quota = quotaReport(312, Date.parse('2026-03-10T14:00:00Z'), {
  cacheAges: [{ collection: 'members', fetchedAt: Date.parse('2026-03-10T11:46:00Z') }],
});

const asked: [string, Record<string, string>][] = [
  ['help', {}],
  ['help', { command: 'session' }],
  ['whoswho', {}],
  ['sessions', {}],
  ['sessions', { when: 'tomorrow' }],
  ['events', {}],
  ['meets', {}],
  ['session', { when: 'tue' }],
  ['session', { when: 'tuesday development' }],
  ['member', { name: 'Jane Smith' }],
  ['incident list', {}],
  ['incident list', { status: 'Closed' }],
  ['trials', {}],
  ['waitinglist', {}],
  ['places', {}],
  ['checks', {}],
  ['today', {}],
  ['audit', {}],
  ['quota', {}],
];

describe('every reply fits a phone in Slack and Discord', () => {
  it.each(asked)(
    'when /%s %o is rendered, then no table line is wider than a phone',
    async (name, options) => {
      const club = memoryClubData({ members: 250 });
      const reply = await run(name, {
        data: club.data,
        asker: everyRole,
        options,
        quota,
        audit: [
          {
            at: Date.parse('2026-03-10T10:00:00Z'),
            askedBy: 'slack:U1',
            askerMember: club.members[0]?.guid,
            command: 'member',
            members: [club.members[1]?.guid ?? ''],
            fieldGroups: ['contact', 'emergency-contacts'],
          },
        ],
      });
      expect(renderedLines(reply).length).toBeGreaterThan(0);
      expectFitsPhone(reply);
    },
  );

  it('when a line of a table is wider than a phone, then the helper says so', () => {
    const wide = {
      visibility: 'asker' as const,
      personalData: false,
      sections: [
        {
          kind: 'text' as const,
          text: `\`\`\`\n${'x'.repeat(80)}\n\`\`\``,
        },
      ],
    };
    expect(() => expectFitsPhone(wide)).toThrow(/too wide for a phone/);
    expect(replyToPlainText(wide)).toContain('x'.repeat(80));
  });
});
