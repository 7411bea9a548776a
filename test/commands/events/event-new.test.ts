import { describe, expect, it } from 'vitest';
import type { FormCommand } from '../../../src/core/command.js';
import { validateForm } from '../../../src/core/form.js';
import { formCommands } from '../../../src/commands/form-commands.js';
import { findCommand } from '../../../src/commands/registry.js';
import { replyToPlainText } from '../../../src/core/reply.js';
import { formInvalidReply } from '../../../src/core/form-replies.js';
import { eventDraftFrom, eventFiledReply } from '../../../src/commands/events/event-new.js';
import { encodeClubEvent } from '../../../src/club/encode-drafts.js';
import { askerWith, london } from '../command-context.js';

const command = findCommand('event new') as FormCommand;
const form = command.buildForm({
  asker: askerWith(['admin']),
  now: new Date('2026-03-02T12:00:00Z'),
  timezone: london,
});
const good = {
  title: 'Spring gala',
  when: 'Sat 14 Mar 09:00–17:00',
  venue: 'Leisure Centre',
  entryCloseDate: '7/3',
  fee: '£6.5',
};

describe('/event new', () => {
  it('when the form opens, then it asks five things: title, when, venue, entries close and fee', () => {
    expect(formCommands.event).toBe(command);
    expect(command.roles).toEqual(['admin']);
    expect(form.title.length).toBeLessThanOrEqual(45);
    expect(form.fields.map((f) => [f.id, f.type, f.required])).toEqual([
      ['title', 'text', true],
      ['when', 'period', true],
      ['venue', 'text', false],
      ['entryCloseDate', 'date', false],
      ['fee', 'money', false],
    ]);
  });

  it('when it is valid, then the values are as the club service takes them and the draft carries them', () => {
    const result = validateForm(form, good);
    expect(result).toEqual({
      ok: true,
      values: {
        title: 'Spring gala',
        when: '2026-03-14 09:00 to 2026-03-14 17:00',
        venue: 'Leisure Centre',
        entryCloseDate: '2026-03-07',
        fee: '6.50',
      },
    });
    if (!result.ok) return;
    const draft = eventDraftFrom(result.values);
    expect(encodeClubEvent(draft)).toEqual({
      EventTitle: 'Spring gala',
      EventStartDate: '2026-03-14',
      EventStartTime: '09:00',
      EventEndDate: '2026-03-14',
      EventEndTime: '17:00',
      EventVenue: 'Leisure Centre',
      Fee: 6.5,
      EntryCloseDate: '2026-03-07',
    });
  });

  it.each([
    ['no title', { title: '' }, 'title', 'Title: is required'],
    ['a 51-character title', { title: 'T'.repeat(51) }, 'title', 'at most 50'],
    ['a start without an end', { when: '14 Mar 09:00' }, 'when', 'needs an end'],
    ['an end before the start', { when: '14 Mar 17:00-09:00' }, 'when', 'ends before it starts'],
    ['a day already gone', { when: '2026-02-27 09:00-10:00' }, 'when', 'cannot be in the past'],
    [
      'entries closing after it starts',
      { entryCloseDate: '20/3' },
      'entryCloseDate',
      'is after the start',
    ],
    [
      'entries closing yesterday',
      { entryCloseDate: '2026-03-01' },
      'entryCloseDate',
      'in the past',
    ],
    ['a fee of "a fiver"', { fee: 'a fiver' }, 'fee', 'not an amount I know'],
  ])(
    'when it has %s, then it is refused naming what is wrong, and keeps what was typed',
    (_what, change, field, message) => {
      const input = { ...good, ...change };
      const result = validateForm(form, input);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(Object.keys(result.errors)).toEqual([field]);
      expect(result.errors[field]).toContain(message);
      expect(result.values[field]).toBe(input[field as keyof typeof input]);
      const text = replyToPlainText(
        formInvalidReply(form.title, result.errors, result.values, form.fields, form.id),
      );
      expect(text).toContain(input.title || '(empty)');
    },
  );

  it('when the event is filed, then the confirmation gives its reference, when and fee, to the asker', () => {
    const reply = eventFiledReply(
      {
        guid: 'ev-1',
        title: 'Spring gala',
        startDate: '2026-03-14',
        startTime: '09:00',
        endDate: '2026-03-14',
        endTime: '17:00',
        fee: 6.5,
      },
      '2026-03-02',
    );
    expect(reply.visibility).toBe('asker');
    expect(reply.fields).toContainEqual({ label: 'Reference', value: 'ev-1' });
    expect(reply.fields).toContainEqual({ label: 'Fee', value: '£6.50' });
    expect(replyToPlainText(reply)).toMatch(/Starts: .*14 Mar.* 09:00/);
  });
});
