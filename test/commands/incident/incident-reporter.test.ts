import { describe, expect, it } from 'vitest';
import {
  incidentReporter,
  reportsAccount,
  unlinkedNote,
  unlinkedNoteRoom,
} from '../../../src/commands/incident/incident-reporter.js';
import type { Asker } from '../../../src/core/chat-user.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { memberRecord } from '../../support/member-record.js';
import { askerWith } from '../command-context.js';

const club = memoryClubData();
const welfareOfficer = club.whosWho
  .find((category) => category.category === 'Welfare')
  ?.members.find((person) => person.notes === 'Welfare Officer');
if (!welfareOfficer) throw new Error('the seeded club has no welfare officer in who’s who');
const welfareName = `${welfareOfficer.firstName} ${welfareOfficer.lastName}`;
const welfareGuid = club.members.find(
  (m) => m.firstName === welfareOfficer.firstName && m.lastName === welfareOfficer.lastName,
)?.guid;
const bot = memberRecord('club-bot-guid', {
  firstName: 'Club',
  lastName: 'bot',
  email: 'bot@club.example.org',
});
const members = [...club.members, bot];

const fromDiscord: Asker = {
  user: { platform: 'discord', userId: '998877', displayName: 'poolside_pat' },
  roles: ['everyone'],
};

describe('whom an incident is filed under', () => {
  it('when the asker is linked, then it is filed under them, whatever name they typed', () => {
    const linked = askerWith([], 'member-guid-1');
    expect(
      incidentReporter(linked, { reporter: welfareName }, { members, whosWho: club.whosWho }),
    ).toEqual({ ok: true, guid: 'member-guid-1' });
  });

  it('when an unlinked person types the welfare officer’s name and a reports account is set, then it is filed under the reports account, never the welfare officer', () => {
    const filed = incidentReporter(
      fromDiscord,
      { reporter: welfareName },
      { members, whosWho: club.whosWho, reportsMember: 'bot@club.example.org' },
    );
    expect(filed).toEqual({
      ok: true,
      guid: 'club-bot-guid',
      note: `Reported in Discord by poolside_pat (998877), not linked to a member; name given: ${welfareName}.`,
    });
    expect(filed.ok && filed.guid).not.toBe(welfareGuid);
  });

  it('when an unlinked person reports and no reports account is set, then nothing is filed and they are told who the welfare officers are', () => {
    const refused = incidentReporter(
      fromDiscord,
      { reporter: welfareName },
      { members, whosWho: club.whosWho },
    );
    expect(refused.ok).toBe(false);
    const message = refused.ok ? '' : refused.message;
    expect(message).toContain('cannot tell which club member you are');
    expect(message).toContain(`${welfareName}, Welfare Officer`);
    expect(message).toContain('Deputy Welfare Officer');
    expect(message).toContain('Nothing was filed');
  });

  it('when an unlinked person types a common surname, then no member’s name comes back to them', () => {
    const refused = incidentReporter(
      fromDiscord,
      { reporter: 'Smith' },
      { members, whosWho: club.whosWho },
    );
    const message = refused.ok ? '' : refused.message;
    expect(message).not.toContain('Jane');
    expect(message).not.toContain('Claire');
    expect(message).not.toMatch(/matches \d+/);
  });

  it('when the reports account names nobody in the club’s records, then the report is refused as if none were set', () => {
    const refused = incidentReporter(
      fromDiscord,
      { reporter: 'Pat' },
      { members, whosWho: club.whosWho, reportsMember: 'nobody@example.org' },
    );
    expect(refused.ok).toBe(false);
  });

  it('when the person’s email is shared by two adults, then the refusal also says why they are not linked', () => {
    const refused = incidentReporter(
      { ...fromDiscord, unlinkedBecause: 'shared-email' },
      { reporter: 'Pat' },
      { members, whosWho: club.whosWho },
    );
    expect(refused.ok ? '' : refused.message).toContain('belongs to more than one adult member');
  });

  it('when who’s who lists no welfare officer, then the refusal points to /whoswho', () => {
    const refused = incidentReporter(fromDiscord, { reporter: 'Pat' }, { members, whosWho: [] });
    expect(refused.ok ? '' : refused.message).toContain('/whoswho');
  });
});

describe('the reports account (CLUB_REPORTS_MEMBER)', () => {
  it('when it is a Guid, then that member, in any case', () => {
    expect(reportsAccount(members, 'CLUB-BOT-GUID')?.guid).toBe('club-bot-guid');
  });

  it('when it is an email, then the one active member with it', () => {
    expect(reportsAccount(members, ' Bot@Club.example.org ')?.guid).toBe('club-bot-guid');
  });

  it('when two members share that email, or it is unset, then nobody', () => {
    const twin = memberRecord('twin', { email: 'bot@club.example.org' });
    expect(reportsAccount([...members, twin], 'bot@club.example.org')).toBeUndefined();
    expect(reportsAccount(members, undefined)).toBeUndefined();
    expect(reportsAccount(members, '  ')).toBeUndefined();
  });
});

describe('the note on a report from an unlinked person', () => {
  it('when the platform gave no display name, then the user id stands in', () => {
    expect(unlinkedNote({ platform: 'slack', userId: 'U123' }, { reporter: 'Jo Bloggs' })).toBe(
      'Reported in Slack by user U123, not linked to a member; name given: Jo Bloggs.',
    );
  });

  it('when no name was given, then it says so', () => {
    expect(unlinkedNote({ platform: 'console', userId: 'demo' }, {})).toContain(
      'name given: none.',
    );
  });

  it('when every part is as long as it may be, then the note and its blank line fit the room kept for it', () => {
    const note = unlinkedNote(
      { platform: 'console', userId: '9'.repeat(200), displayName: 'N'.repeat(200) },
      { reporter: 'R'.repeat(200) },
    );
    expect([...`${note}\n\n`].length).toBeLessThanOrEqual(unlinkedNoteRoom);
  });

  it('when the display name holds line breaks, then they become spaces', () => {
    const note = unlinkedNote(
      { platform: 'discord', userId: '1', displayName: 'Pat\nWELFARE OFFICER' },
      { reporter: 'Pat' },
    );
    expect(note).not.toContain('\n');
  });
});
