import type { FormDefinition, FormField, FormId, FormValues } from './form.js';
import type { Reply, ReplyAction, ReplyField } from './reply.js';

/*
 * Replies about a submitted form, shared by /incident new, /trial new and /waitinglist add.
 * A form's contents may be about a child: these replies are always for the asker only.
 */

/** The confirmation once the club service holds the record. */
export function formFiledReply(title: string, text: string, fields: ReplyField[]): Reply {
  return {
    title,
    fields,
    sections: [{ kind: 'text', text }],
    visibility: 'asker',
    personalData: true,
    tone: 'success',
  };
}

/**
 * The club service rejected the submission (400): its message and everything the person typed,
 * field by field, so nothing is lost and they can send it again. With `formId`, the "Try again"
 * button can reopen the form filled in (Slack).
 */
export function formRejectedReply(
  formTitle: string,
  serviceMessage: string,
  values: FormValues,
  fields: readonly FormField[],
  formId?: FormId,
): Reply {
  return {
    title: `${formTitle}: not filed`,
    sections: [
      {
        kind: 'text',
        text: `The club service did not accept it and said: ${serviceMessage.trim() || '(no reason given)'}`,
      },
      { kind: 'fields', title: 'What you typed', fields: typedFields(values, fields) },
      { kind: 'text', text: 'Nothing was filed. Correct it and send it again.' },
    ],
    visibility: 'asker',
    personalData: true,
    tone: 'error',
    actions: [reopenAction('Try again', values, formId)],
  };
}

/**
 * The bot itself would not file it (it cannot tell who the person is, or they may not): why, whom
 * to tell instead, and everything they typed, so nothing is lost. No "Try again": it could only
 * be refused again.
 */
export function formNotFiledReply(
  form: Pick<FormDefinition, 'title' | 'fields'>,
  reason: string,
  values: FormValues,
): Reply {
  return {
    title: `${form.title}: not filed`,
    sections: [
      { kind: 'text', text: reason },
      { kind: 'fields', title: 'What you typed', fields: typedFields(values, form.fields) },
    ],
    visibility: 'asker',
    personalData: true,
    tone: 'warning',
  };
}

/** The form's checks failed (for the console, which cannot reopen a modal): errors and input. */
export function formInvalidReply(
  formTitle: string,
  errors: Record<string, string>,
  values: FormValues,
  fields: readonly FormField[],
  formId?: FormId,
): Reply {
  return {
    title: `${formTitle}: please check`,
    sections: [
      { kind: 'list', items: Object.values(errors) },
      { kind: 'fields', title: 'What you typed', fields: typedFields(values, fields) },
    ],
    visibility: 'asker',
    personalData: true,
    tone: 'warning',
    actions: [reopenAction('Correct it', withoutRefused(values, errors, fields), formId)],
  };
}

/**
 * What a reopened form is filled with: a refused date, choice or email is left empty, so a bad
 * value is never offered back as if it were right (it stays in "What you typed"); refused text is
 * kept, as shortening it is easier than typing it again.
 */
function withoutRefused(
  values: FormValues,
  errors: Record<string, string>,
  fields: readonly FormField[],
): FormValues {
  const kept = { ...values };
  for (const field of fields) {
    if (errors[field.id] && ['date', 'select', 'email'].includes(field.type)) delete kept[field.id];
  }
  return kept;
}

function reopenAction(label: string, values: FormValues, formId?: FormId): ReplyAction {
  return {
    id: 'reopen-form',
    label,
    kind: 'reopen-form',
    style: 'primary',
    ...(formId ? { form: { id: formId, values } } : {}),
  };
}

/** Every field in the form's order, with the typed value or "(empty)". */
function typedFields(values: FormValues, fields: readonly FormField[]): ReplyField[] {
  const known = fields.map((field) => ({
    label: field.label,
    value: values[field.id]?.trim() || '(empty)',
  }));
  // Values the form does not list (a field dropped between opening and filing) are kept too.
  const extra = Object.entries(values)
    .filter(([id, value]) => value.trim() !== '' && !fields.some((field) => field.id === id))
    .map(([id, value]) => ({ label: id, value }));
  return [...known, ...extra];
}
