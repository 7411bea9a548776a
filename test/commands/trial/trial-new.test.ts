import { describe, expect, it } from 'vitest';
import type { FormCommand } from '../../../src/core/command.js';
import { validateForm } from '../../../src/core/form.js';
import { formCommands } from '../../../src/commands/form-commands.js';
import { formRejectedReply } from '../../../src/core/form-replies.js';
import { findCommand } from '../../../src/commands/registry.js';
import { replyToPlainText } from '../../../src/core/reply.js';
import { trialDraftFrom, trialFiledReply } from '../../../src/commands/trial/trial-new.js';
import { askerWith, london } from '../command-context.js';
import { expectRefusedAt } from '../expect-refused.js';

const command = findCommand('trial new') as FormCommand;
const form = command.buildForm({
  asker: askerWith(['membership']),
  now: new Date('2026-03-10T12:00:00Z'),
  timezone: london,
});
const good = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '2016-12-10',
  email: 'parent@example.org',
  swimmingExperience: 'Stage 5.',
};

describe('/trial new', () => {
  it('when the form opens, then it asks first and last name, date of birth, email and experience (no gender)', () => {
    expect(formCommands.trial).toBe(command);
    expect(form.title.length).toBeLessThanOrEqual(45);
    expect(form.fields.map((f) => [f.id, f.type, f.required, f.maxLength])).toEqual([
      ['firstName', 'text', true, 50],
      ['lastName', 'text', true, 50],
      ['dateOfBirth', 'date', true, 10],
      ['email', 'email', false, 50],
      ['swimmingExperience', 'long-text', false, 4000],
    ]);
  });

  it.each([
    ['no first name', { firstName: '' }, 'firstName', 'is required'],
    ['a 51-character last name', { lastName: 'L'.repeat(51) }, 'lastName', 'at most 50'],
    ['no date of birth', { dateOfBirth: '' }, 'dateOfBirth', 'is required'],
    ['30 February', { dateOfBirth: '2016-02-30' }, 'dateOfBirth', 'not a date I know'],
    ['a birth in the future', { dateOfBirth: '2026-06-01' }, 'dateOfBirth', 'in the future'],
    ['a two-year-old', { dateOfBirth: '2023-06-01' }, 'dateOfBirth', 'makes them 2'],
    ['an adult', { dateOfBirth: '1990-06-01' }, 'dateOfBirth', 'a trial is for ages 3 to 18'],
    ['a bad email', { email: 'parent at example' }, 'email', 'email address'],
    [
      'experience of 4001 characters',
      { swimmingExperience: 'x'.repeat(4001) },
      'swimmingExperience',
      'at most 4000',
    ],
  ])(
    'when it has %s, then it is refused and the typed text is kept',
    (_what, change, field, message) =>
      expectRefusedAt(form, { ...good, ...change }, field, message),
  );

  it('when the date of birth is typed the British way, then it is read and filed as yyyy-mm-dd', () => {
    const result = validateForm(form, { ...good, dateOfBirth: '14/3/16' });
    expect(result).toMatchObject({ ok: true, values: { dateOfBirth: '2016-03-14' } });
  });

  it('when the values are valid, then the draft carries them with the date added', () => {
    const result = validateForm(form, { ...good, email: '' });
    if (!result.ok) throw new Error('expected valid');
    expect(trialDraftFrom(result.values, '2026-03-10')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '2016-12-10',
      email: undefined,
      swimmingExperience: 'Stage 5.',
      dateAdded: '2026-03-10',
    });
  });

  it('when the request is filed, then the confirmation names the child and gives the reference, to the asker', () => {
    const reply = trialFiledReply({
      guid: 'tr-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '2016-12-10',
    });
    expect(reply.tone).toBe('success');
    expect(reply.visibility).toBe('asker');
    expect(reply.fields).toContainEqual({ label: 'Reference', value: 'tr-1' });
    expect(reply.fields).toContainEqual({ label: 'Name', value: 'Ada Lovelace' });
  });

  it('when the club service rejects it, then the person gets back everything they typed', () => {
    const text = replyToPlainText(
      formRejectedReply(form.title, 'Dob is required', good, form.fields),
    );
    expect(text).toContain('Dob is required');
    for (const value of Object.values(good)) expect(text).toContain(value);
  });
});
