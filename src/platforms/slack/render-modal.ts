import type { types } from '@slack/bolt';
import {
  isCalendarDate,
  type FormDefinition,
  type FormField,
  type FormValues,
} from '../../core/form.js';
import { escapeWithin, truncate } from './escape-mrkdwn.js';
import { encodeFormMetadata, type FormMetadata } from './form-metadata.js';

/** The `callback_id` of every form the bot opens: one `app.view` listener handles them all. */
export const formCallbackId = 'club-form';
/** The `action_id` of each input; its block's `block_id` is the field id. */
export const valueActionId = 'value';

/** Slack's limits for modals (views.open refuses the whole view otherwise). */
export const modalLimits = {
  title: 24,
  button: 24,
  label: 2000,
  hint: 2000,
  placeholder: 150,
  /** A plain_text_input takes at most 3000 characters, whatever the club service accepts. */
  inputLength: 3000,
  options: 100,
  optionText: 75,
  optionValue: 150,
} as const;

/** Options for {@link renderModal}. */
export interface RenderModalOptions {
  metadata: FormMetadata;
  /** What to fill in (a form reopened with what was typed); else each field's default. */
  values?: FormValues;
  /** Shown above the fields (after the form's own notice), e.g. why the form came back. Plain text. */
  notice?: string;
}

const plain = (text: string, max: number): types.PlainTextElement => ({
  type: 'plain_text',
  text: truncate(text, max),
  emoji: true,
});

/** Pure: a neutral form as a Slack modal for `views.open`; each input's block id is its field id. */
export function renderModal(form: FormDefinition, options: RenderModalOptions): types.ModalView {
  // The form's own notice (e.g. where an unlinked report goes) first, then why it came back.
  const text = [form.notice, options.notice].filter(Boolean).join('\n');
  const notice: types.KnownBlock[] = text
    ? [{ type: 'section', text: { type: 'mrkdwn', text: escapeWithin(text, 3000) } }]
    : [];
  return {
    type: 'modal',
    callback_id: formCallbackId,
    title: plain(form.title, modalLimits.title),
    submit: plain(form.submitLabel, modalLimits.button),
    close: plain('Cancel', modalLimits.button),
    private_metadata: encodeFormMetadata(options.metadata),
    blocks: [
      ...notice,
      ...form.fields.map((field) =>
        inputBlock(field, options.values?.[field.id] ?? field.defaultValue),
      ),
    ],
  };
}

function inputBlock(field: FormField, value: string | undefined): types.InputBlock {
  return {
    type: 'input',
    block_id: field.id,
    optional: !field.required,
    label: plain(field.label, modalLimits.label),
    // A date is picked from a calendar in Slack: a hint on how to type one would mislead.
    ...(field.hint && field.type !== 'date' ? { hint: plain(field.hint, modalLimits.hint) } : {}),
    element: inputElement(field, value === '' ? undefined : value),
  };
}

function inputElement(field: FormField, value: string | undefined): types.InputBlockElement {
  const placeholder = field.placeholder
    ? { placeholder: plain(field.placeholder, modalLimits.placeholder) }
    : {};
  switch (field.type) {
    case 'date':
      return {
        type: 'datepicker',
        action_id: valueActionId,
        ...(value && isCalendarDate(value) ? { initial_date: value } : {}),
        ...placeholder,
      };
    case 'select': {
      const options = (field.choices ?? [])
        .slice(0, modalLimits.options)
        .map((choice): types.PlainTextOption => ({
          text: plain(choice, modalLimits.optionText),
          value: choice.slice(0, modalLimits.optionValue),
        }));
      const initial = options.find((option) => option.value === value);
      return {
        type: 'static_select',
        action_id: valueActionId,
        options,
        ...(initial ? { initial_option: initial } : {}),
        ...placeholder,
      };
    }
    case 'email':
      return {
        type: 'email_text_input',
        action_id: valueActionId,
        ...(value ? { initial_value: value } : {}),
        ...placeholder,
      };
    case 'text':
    case 'period':
    case 'money':
    case 'long-text': {
      const maxLength = Math.min(field.maxLength, modalLimits.inputLength);
      return {
        type: 'plain_text_input',
        action_id: valueActionId,
        multiline: field.type === 'long-text',
        max_length: maxLength,
        ...(value ? { initial_value: [...value].slice(0, maxLength).join('') } : {}),
        ...placeholder,
      };
    }
  }
}
