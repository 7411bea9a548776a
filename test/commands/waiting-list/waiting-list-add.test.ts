import { describe, expect, it } from 'vitest';
import type { FormCommand } from '../../../src/core/command.js';
import { validateForm } from '../../../src/core/form.js';
import { formCommands } from '../../../src/commands/form-commands.js';
import { findCommand } from '../../../src/commands/registry.js';
import {
  waitingListDraftFrom,
  waitingListFiledReply,
} from '../../../src/commands/waiting-list/waiting-list-add.js';
import { askerWith, london } from '../command-context.js';
import { expectRefusedAt } from '../expect-refused.js';

const command = findCommand('waitinglist add') as FormCommand;
const form = command.buildForm({
  asker: askerWith(['membership']),
  now: new Date('2026-03-10T12:00:00Z'),
  timezone: london,
});

describe('/waitinglist add', () => {
  it('when the form opens, then it asks names, an optional date of birth, email and notes', () => {
    expect(formCommands.waitinglist).toBe(command);
    expect(form.fields.map((f) => [f.id, f.type, f.required, f.maxLength])).toEqual([
      ['firstName', 'text', true, 50],
      ['lastName', 'text', true, 50],
      ['dateOfBirth', 'date', false, 10],
      ['email', 'email', false, 50],
      ['notes', 'long-text', false, 4000],
    ]);
  });

  it('when a date of birth is in the future or makes a baby, then it is refused and says why', () => {
    const future = validateForm(form, { firstName: 'A', lastName: 'B', dateOfBirth: '2031-01-01' });
    expect(future.ok || future.errors.dateOfBirth).toContain('cannot be in the future');
    const baby = validateForm(form, { firstName: 'A', lastName: 'B', dateOfBirth: '1 Jan 26' });
    expect(baby.ok || baby.errors.dateOfBirth).toContain('the waiting list is for ages 3 to 18');
  });

  it('when only the names are given, then it passes and the draft is dated today', () => {
    const result = validateForm(form, { firstName: 'Ada', lastName: 'Lovelace' });
    if (!result.ok) throw new Error('expected valid');
    expect(waitingListDraftFrom(result.values, '2026-03-10')).toEqual({
      dateAdded: '2026-03-10',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: undefined,
      email: undefined,
      notes: undefined,
    });
  });

  it.each([
    ['a date of birth that does not exist', { dateOfBirth: '2026-02-30' }, 'dateOfBirth'],
    ['notes of 4001 characters', { notes: 'n'.repeat(4001) }, 'notes'],
    ['a first name of 51 characters', { firstName: 'F'.repeat(51) }, 'firstName'],
    ['a bad email', { email: 'nope@' }, 'email'],
  ])('when it has %s, then it is refused and the typed text is kept', (_what, change, field) =>
    expectRefusedAt(form, { firstName: 'Ada', lastName: 'Lovelace', ...change }, field),
  );

  it('when the person is added, then the confirmation gives the reference and date added', () => {
    const reply = waitingListFiledReply({
      guid: 'wl-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateAdded: '2026-03-10',
    });
    expect(reply.tone).toBe('success');
    expect(reply.fields).toContainEqual({ label: 'Added', value: 'Tue 10 Mar 2026' });
  });
});
