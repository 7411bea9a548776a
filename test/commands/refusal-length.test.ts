import { describe, expect, it } from 'vitest';
import type { ClubContacts } from '../../src/core/club-data.js';
import { linkableMember } from '../../src/access/linkable-member.js';
import { refusalLimit } from '../../src/access/refusal-reply.js';
import type { Member } from '../../src/club/domain.js';
import type { FormCommand } from '../../src/core/command.js';
import { incidentMineReply } from '../../src/commands/incident/incident-mine.js';
import { confidentialRefusal } from '../../src/commands/member/member-details.js';
import { findCommand } from '../../src/commands/registry.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { askerWith, london } from './command-context.js';

/** A club with three welfare officers and two admins, all with long names. */
const crowded: ClubContacts = {
  byRole: {
    welfare: [
      'Wilhelmina Fotheringham-Smythe (Welfare Officer)',
      'Bartholomew Anstruther-Gough (Deputy Welfare Officer)',
      'Maximiliana Featherstonehaugh (Assistant Welfare Officer)',
    ],
    admin: [
      'Christopher Montgomery-Wallace (Club Secretary)',
      'Alexandrina Cholmondeley-Warner (Bot Admin)',
    ],
  },
  reportsFiled: false,
};

describe('refusals stay under 200 characters with three welfare officers', () => {
  it('when an unlinked person opens /incident new and nothing can be filed, then the refusal fits and names a welfare officer', () => {
    const command = findCommand('incident new') as FormCommand;
    const form = command.buildForm({
      asker: askerWith([]),
      now: new Date('2026-11-27T18:00:00Z'),
      timezone: london,
      contacts: crowded,
    });
    expect(form.refusal?.length).toBeLessThan(refusalLimit);
    expect(form.refusal).toContain('Wilhelmina Fotheringham-Smythe');
  });

  it('when health details are refused, then the refusal fits and names a welfare officer', () => {
    const text = confidentialRefusal(crowded);
    expect(text.length).toBeLessThan(refusalLimit);
    expect(text).toContain('Wilhelmina Fotheringham-Smythe');
  });

  it('when a person whose email is shared asks /incident mine, then the answer fits', () => {
    const asker = { ...askerWith([]), unlinkedBecause: 'shared-email' as const };
    const text = replyToPlainText(incidentMineReply([], asker));
    const body = text.split('\n').slice(1).join(' ').trim();
    expect(body.length).toBeLessThan(refusalLimit);
  });

  it('when a member with a long name and no date of birth is linked, then the refusal fits', () => {
    const member = {
      guid: '00000000-0000-4000-8000-000000000001',
      firstName: 'Wilhelmina-Alexandrina',
      lastName: 'Fotheringham-Smythe-Cholmondeley',
      active: true,
      swimmers: [],
    } as unknown as Member;
    const found = linkableMember([member], member.guid, '2026-11-27');
    expect(found.kind).toBe('refused');
    if (found.kind === 'refused') expect(found.reason.length).toBeLessThan(refusalLimit);
  });
});
