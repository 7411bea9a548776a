import type { WaitingListPerson } from '../../club/domain.js';
import type { WaitingListDraft } from '../../club/drafts.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition, FormContext } from '../../core/command.js';
import { childFields, type FormDefinition, type FormValues } from '../../core/form.js';
import { formFiledReply } from '../../core/form-replies.js';
import type { Reply } from '../../core/reply.js';
import { shortRef } from '../../club/short-ref.js';

/**
 * Pure: the waiting list form. Five inputs, Discord's limit: phones, address and gender (all
 * optional in the spec) are left out; notes hold anything else. DateAdded is set when filed.
 */
export function waitingListForm({
  now,
  timezone,
}: Pick<FormContext, 'now' | 'timezone'>): FormDefinition {
  return {
    today: clubToday(now, timezone),
    id: 'waitinglist',
    title: 'Add to the waiting list',
    submitLabel: 'Add',
    fields: [
      ...childFields('the waiting list', false),
      {
        id: 'notes',
        label: 'Notes',
        type: 'long-text',
        required: false,
        maxLength: 4000,
        hint: 'Experience, preferred sessions, a phone number.',
      },
    ],
  };
}

/** Pure: the draft the worker files; `today` (yyyy-mm-dd, the club's) is the required DateAdded. */
export function waitingListDraftFrom(values: FormValues, today: string): WaitingListDraft {
  return {
    dateAdded: today,
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    dateOfBirth: values.dateOfBirth || undefined,
    email: values.email || undefined,
    notes: values.notes || undefined,
  };
}

/** Pure: the confirmation once the person is on the waiting list. */
export function waitingListFiledReply(person: WaitingListPerson): Reply {
  return formFiledReply(
    'Added to the waiting list',
    'They are on the list; see it with /waitinglist.',
    [
      { label: 'Reference', value: shortRef(person.guid) },
      { label: 'Name', value: `${person.firstName} ${person.lastName}`.trim() },
      ...(person.dateOfBirth
        ? [{ label: 'Date of birth', value: formatDay(person.dateOfBirth) }]
        : []),
      ...(person.dateAdded ? [{ label: 'Added', value: formatDay(person.dateAdded) }] : []),
    ],
  );
}

export const waitingListAdd = {
  kind: 'form',
  name: 'waitinglist add',
  description: 'Add someone to the waiting list: a form.',
  options: [],
  examples: ['/waitinglist add'],
  roles: ['membership'],
  personalData: true,
  form: 'waitinglist',
  buildForm: waitingListForm,
} satisfies CommandDefinition;
