import type { TrialRequest } from '../../club/domain.js';
import type { TrialRequestDraft } from '../../club/drafts.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition, FormContext } from '../../core/command.js';
import { childFields, type FormDefinition, type FormValues } from '../../core/form.js';
import { formFiledReply } from '../../core/form-replies.js';
import type { Reply } from '../../core/reply.js';
import { shortRef } from '../../club/short-ref.js';

/**
 * Pure: the trial request form. Gender is optional in the spec and left out: Discord shows at
 * most five inputs, and these five are what the membership secretary needs to arrange a trial.
 */
export function trialForm({
  now,
  timezone,
}: Pick<FormContext, 'now' | 'timezone'>): FormDefinition {
  return {
    today: clubToday(now, timezone),
    id: 'trial',
    title: 'Request a trial session',
    submitLabel: 'Send request',
    fields: [
      ...childFields('a trial', true),
      {
        id: 'swimmingExperience',
        label: 'Swimming experience',
        type: 'long-text',
        required: false,
        maxLength: 4000,
        hint: 'Lessons, stages passed, other clubs.',
      },
    ],
  };
}

/** Pure: the draft the worker files from validated values; `today` (yyyy-mm-dd) becomes DateAdded. */
export function trialDraftFrom(values: FormValues, today?: string): TrialRequestDraft {
  return {
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
    dateOfBirth: values.dateOfBirth ?? '',
    email: values.email || undefined,
    swimmingExperience: values.swimmingExperience || undefined,
    dateAdded: today,
  };
}

/** Pure: the confirmation once the trial request is with the club. */
export function trialFiledReply(trial: TrialRequest): Reply {
  return formFiledReply(
    'Trial request sent',
    'The membership secretary sees it with /trials and will be in touch.',
    [
      { label: 'Reference', value: shortRef(trial.guid) },
      { label: 'Name', value: `${trial.firstName} ${trial.lastName}`.trim() },
      {
        label: 'Date of birth',
        value: trial.dateOfBirth ? formatDay(trial.dateOfBirth) : 'Not given',
      },
      ...(trial.email ? [{ label: 'Email', value: trial.email }] : []),
    ],
  );
}

export const trialNew = {
  kind: 'form',
  name: 'trial new',
  description: 'Add a trial session request: a form.',
  options: [],
  examples: ['/trial new'],
  roles: ['membership'],
  personalData: true,
  form: 'trial',
  buildForm: trialForm,
} satisfies CommandDefinition;
