import { describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/club/domain.js';
import type { FormCommand } from '../../../src/core/command.js';
import { validateForm } from '../../../src/core/form.js';
import { formCommands } from '../../../src/commands/form-commands.js';
import { formRejectedReply } from '../../../src/core/form-replies.js';
import {
  incidentDraftFrom,
  incidentFiledReply,
} from '../../../src/commands/incident/incident-new.js';
import { unlinkedNoteRoom } from '../../../src/commands/incident/incident-reporter.js';
import { findCommand } from '../../../src/commands/registry.js';
import { replyToPlainText } from '../../../src/core/reply.js';
import { askerWith, london } from '../command-context.js';
import { expectRefusedAt } from '../expect-refused.js';

const command = findCommand('incident new') as FormCommand;
const linked = askerWith([], 'member-guid-1');
const welfare = askerWith(['welfare'], 'member-guid-2');
const unlinked = askerWith([]);
// 00:30 BST on Wednesday 1 April 2026 is still Tuesday 31 March in UTC.
const now = new Date('2026-03-31T23:30:00Z');
const form = command.buildForm({ asker: welfare, now, timezone: london });
const good = {
  title: 'Slip on poolside',
  date: '2026-03-10',
  status: 'Open',
  details: 'Wet tiles.',
};

describe('/incident new builds its form', () => {
  it('when a linked member opens it, then it has title, date (today in the club), details and proposed action, and no status: it is filed Open', () => {
    const theirs = command.buildForm({ asker: linked, now, timezone: london });
    expect(command.kind).toBe('form');
    expect(theirs.id).toBe('incident');
    expect(theirs.fields.map((f) => [f.id, f.type, f.required, f.maxLength])).toEqual([
      ['title', 'text', true, 50],
      ['date', 'date', true, 10],
      ['details', 'long-text', false, 4000],
      ['proposedAction', 'long-text', false, 4000],
    ]);
    expect(theirs.fields.find((f) => f.id === 'date')?.defaultValue).toBe('2026-04-01');
    const filed = validateForm(theirs, { ...good, status: 'Closed' });
    expect(filed.ok && incidentDraftFrom(filed.values, 'me').status).toBe('Open');
  });

  it('when the welfare officer opens it, then it also asks the status, Open by default', () => {
    expect(form.fields.map((f) => f.id)).toEqual([
      'title',
      'date',
      'status',
      'details',
      'proposedAction',
    ]);
    expect(form.fields.find((f) => f.id === 'status')?.defaultValue).toBe('Open');
    expect(form.fields.find((f) => f.id === 'status')?.choices).toEqual([
      'Open',
      'In Progress',
      'On Hold',
      'Closed',
    ]);
  });

  it('when an unlinked person opens it, then they are asked their name, the details leave room for the note on who sent it, and the form stays within five inputs', () => {
    const theirs = command.buildForm({ asker: unlinked, now, timezone: london });
    const reporter = theirs.fields.find((f) => f.id === 'reporter');
    expect(reporter).toMatchObject({
      label: 'Your name',
      type: 'text',
      required: true,
      maxLength: 100,
    });
    expect(theirs.fields.find((f) => f.id === 'details')?.maxLength).toBe(4000 - unlinkedNoteRoom);
    expect(theirs.fields.length).toBeLessThanOrEqual(5);
    expect(theirs.fields.map((f) => f.id)).not.toContain('status');
  });

  it('when an unlinked person opens it and reports are filed under the club account, then they are told so before the first question, with the welfare officers named', () => {
    const contacts = { byRole: { welfare: ['Wendy Hale (Welfare Officer)'] }, reportsFiled: true };
    const theirs = command.buildForm({ asker: unlinked, now, timezone: london, contacts });
    expect(theirs.notice).toContain("filed under the club's reporting account");
    expect(theirs.notice).toContain('Wendy Hale (Welfare Officer)');
    expect(theirs.refusal).toBeUndefined();
  });

  it('when an unlinked person opens it and there is no reporting account, then there is no form to fill in: whom to tell instead, by name', () => {
    const contacts = {
      byRole: { welfare: ['Wendy Hale (Welfare Officer)'], admin: ['Sam Lee (Secretary)'] },
      reportsFiled: false,
    };
    const theirs = command.buildForm({ asker: unlinked, now, timezone: london, contacts });
    expect(theirs.refusal).toContain('Please tell Wendy Hale (Welfare Officer) directly.');
    expect(theirs.refusal).toContain('Sam Lee (Secretary) can link your chat account');
  });

  it('when the form is looked up by its id, then it is the incident command', () => {
    expect(formCommands.incident).toBe(command);
  });
});

describe('/incident new checks what was typed', () => {
  it('when everything is right, then the values pass', () => {
    expect(validateForm(form, good)).toEqual({ ok: true, values: { ...good, proposedAction: '' } });
  });

  it.each([
    ['a missing title', { title: '  ' }, 'title', 'Title: is required.'],
    ['a 51-character title', { title: 'x'.repeat(51) }, 'title', 'at most 50'],
    ['details of 4001 characters', { details: 'x'.repeat(4001) }, 'details', 'at most 4000'],
    ['a date that does not exist', { date: '2026-02-30' }, 'date', 'not a date I know: try 26/11'],
    ['a date in the future', { date: '2030-01-01' }, 'date', 'cannot be in the future'],
    ['tomorrow', { date: 'tomorrow' }, 'date', 'cannot be in the future'],
    ['a date that is no date', { date: 'last week' }, 'date', 'not a date I know'],
    // A date is never refused by its length: what the person typed is read, or asked again.
    ['a date of 12 characters', { date: 'the 3rd week' }, 'date', 'not a date I know'],
    [
      'a status that is not a choice',
      { status: 'Solved' },
      'status',
      'is not one I know: choose Open, In Progress, On Hold or Closed.',
    ],
  ])(
    'when it has %s, then it is refused and the typed text is kept',
    (_what, change, field, message) =>
      expectRefusedAt(form, { ...good, ...change }, field, message),
  );

  it.each([
    ['26/03/2026', '2026-03-26'],
    ['26/3/26', '2026-03-26'],
    ['26 Mar', '2026-03-26'],
    ['Thu 26 March 2026', '2026-03-26'],
    ['today', '2026-04-01'],
    ['yesterday', '2026-03-31'],
    ['tuesday', '2026-03-31'],
    ['last tuesday', '2026-03-31'],
    ['last wednesday', '2026-03-25'],
    ['Monday', '2026-03-30'],
  ])(
    "when the date is typed as %s, then it is read in the club's calendar as %s",
    (typed, date) => {
      const result = validateForm(form, { ...good, date: typed });
      expect(result).toMatchObject({ ok: true, values: { date } });
    },
  );

  it.each([
    ['in progress', 'In Progress'],
    ['IN-PROGRESS', 'In Progress'],
    ['closed', 'Closed'],
    ['on hold', 'On Hold'],
    ['hold', undefined],
  ])(
    'when the status is typed as %s, then it is read as %s, as /incident list reads it',
    (typed, status) => {
      const result = validateForm(form, { ...good, status: typed });
      if (status) expect(result).toMatchObject({ ok: true, values: { status } });
      else expect(result.ok).toBe(false);
    },
  );

  it('when the title is exactly 50 characters and the details 4000, then they pass', () => {
    expect(
      validateForm(form, { ...good, title: 'x'.repeat(50), details: 'y'.repeat(4000) }).ok,
    ).toBe(true);
  });
});

describe('/incident new files and confirms', () => {
  it('when values are valid, then the draft carries them and the reporter, with empty text left out', () => {
    expect(incidentDraftFrom({ ...good, proposedAction: '' }, 'reporter-guid')).toEqual({
      title: 'Slip on poolside',
      date: '2026-03-10',
      status: 'Open',
      details: 'Wet tiles.',
      proposedAction: undefined,
      reporterGuid: 'reporter-guid',
    });
  });

  it('when a note is given, then it is the first paragraph of the details', () => {
    const draft = incidentDraftFrom(
      good,
      'bot-guid',
      'Reported in Slack by Jo (U1), not linked to a member; name given: Jo.',
    );
    expect(draft.details).toBe(
      'Reported in Slack by Jo (U1), not linked to a member; name given: Jo.\n\nWet tiles.',
    );
    expect(incidentDraftFrom({ ...good, details: '' }, 'g', 'Note.').details).toBe('Note.');
  });

  it('when an unlinked person left out the status, then the draft files it as Open', () => {
    expect(incidentDraftFrom({ title: 't', date: '2026-03-10' }, 'g').status).toBe('Open');
  });

  const incident: Incident = {
    guid: '1a2b3c4d-0000-4000-8000-000000000000',
    title: 'Slip on poolside',
    date: '2026-03-10',
    status: 'Open',
    addedBy: [],
    comments: [],
  };

  it('when the incident is filed, then the confirmation gives its short reference, title, date and status, to the asker', () => {
    const reply = incidentFiledReply(incident, false, '2026-03-10');
    expect(reply.tone).toBe('success');
    expect(reply.visibility).toBe('asker');
    expect(reply.fields).toEqual([
      { label: 'Reference', value: '1a2b3c4d' },
      { label: 'Title', value: 'Slip on poolside' },
      { label: 'Date', value: 'Tue 10 Mar' },
      { label: 'Status', value: 'Open' },
    ]);
    // Nothing is claimed about the welfare officer unless one was told.
    expect(replyToPlainText(reply)).toContain('incident book. Quote 1a2b3c4d');
    expect(replyToPlainText(reply)).not.toContain('will see it');
    const theirs = replyToPlainText(incidentFiledReply(incident, true));
    expect(theirs).not.toContain('welfare officer');
    expect(theirs).toContain('/incident show 1a2b3c4d');
  });

  it('when the welfare officers were told, then the confirmation names them; when none is known, it says whom to tell', () => {
    const told = replyToPlainText(
      incidentFiledReply(incident, false, '2026-03-10', { names: ['Wendy Hale'] }),
    );
    expect(told).toContain('The welfare officer was told at once: Wendy Hale.');
    const two = replyToPlainText(
      incidentFiledReply(incident, false, undefined, { names: ['Wendy Hale', 'Sam Lee'] }),
    );
    expect(two).toContain('The welfare officers were told at once: Wendy Hale and Sam Lee.');
    const none = replyToPlainText(incidentFiledReply(incident, false, undefined, { names: [] }));
    expect(none).toContain('nobody was told');
    expect(none).toContain('/whoswho welfare');
    const named = incidentFiledReply(incident, false, undefined, {
      names: [],
      tellInstead: "the club's welfare officer (Wendy Hale, Welfare Officer)",
    });
    expect(replyToPlainText(named)).toContain(
      "please tell the club's welfare officer (Wendy Hale, Welfare Officer) yourself.",
    );
  });

  it('when the club service rejects it, then its message and everything typed come back to the person', () => {
    const typed = { ...good, proposedAction: 'Mop\nand sign' };
    const reply = formRejectedReply(form.title, 'IncidentTitle is too long', typed, form.fields);
    const text = replyToPlainText(reply);
    expect(reply.tone).toBe('error');
    expect(reply.visibility).toBe('asker');
    expect(reply.personalData).toBe(true);
    expect(text).toContain('IncidentTitle is too long');
    for (const value of Object.values(typed)) expect(text).toContain(value);
    expect(reply.actions?.[0]?.kind).toBe('reopen-form');
  });
});
