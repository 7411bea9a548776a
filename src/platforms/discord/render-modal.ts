import {
  ComponentType,
  TextInputStyle,
  type APIComponentInLabel,
  type APILabelComponent,
  type APIModalInteractionResponseCallbackData,
} from 'discord.js';
import type { FormDefinition, FormField, FormValues } from '../../core/form.js';
import { encodeCustomId } from './custom-ids.js';
import { truncate } from './escape-discord-text.js';

/** Discord's modal limits. */
export const modalLimits = {
  title: 45,
  components: 5,
  label: 45,
  description: 100,
  placeholder: 100,
  textInput: 4000,
  options: 25,
} as const;

/**
 * Pure: the form as a Discord modal. Its custom id names the form; each input's custom id is the
 * field id. Values are what the person typed (when reopened after an error), else the field's
 * default (today's date, status Open). A choice field is a select inside its label, so a status
 * cannot be mistyped. Discord shows five inputs at most: the worker fills the default of any field
 * beyond them (`withDefaults`), and the registry's forms keep to five.
 */
export function renderModal(
  form: FormDefinition,
  values: FormValues = {},
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: encodeCustomId({ kind: 'form', form: form.id }),
    title: truncate(form.title, modalLimits.title),
    components: form.fields
      .slice(0, modalLimits.components)
      .map((field) => label(field, values[field.id] ?? field.defaultValue ?? '')),
  };
}

function label(field: FormField, value: string): APILabelComponent {
  return {
    type: ComponentType.Label,
    label: truncate(field.label, modalLimits.label),
    ...(field.hint ? { description: truncate(field.hint, modalLimits.description) } : {}),
    component: input(field, value),
  };
}

function input(field: FormField, value: string): APIComponentInLabel {
  if (field.type === 'select' && field.choices) {
    return {
      type: ComponentType.StringSelect,
      custom_id: field.id,
      required: field.required,
      min_values: field.required ? 1 : 0,
      max_values: 1,
      options: field.choices.slice(0, modalLimits.options).map((choice) => ({
        label: truncate(choice, 100),
        value: choice,
        default: choice === value,
      })),
    };
  }
  // A date is typed as people write it ("26 November 2026") and filed as yyyy-mm-dd.
  const longest = field.type === 'date' ? Math.max(field.maxLength, 30) : field.maxLength;
  const maxLength = Math.min(Math.max(longest, 1), modalLimits.textInput);
  return {
    type: ComponentType.TextInput,
    custom_id: field.id,
    style: field.type === 'long-text' ? TextInputStyle.Paragraph : TextInputStyle.Short,
    required: field.required,
    max_length: maxLength,
    ...(field.placeholder
      ? { placeholder: truncate(field.placeholder, modalLimits.placeholder) }
      : {}),
    // What was typed is kept even when too long (it failed for that reason): Discord would refuse
    // a value longer than max_length, so the longest allowed start of it is shown.
    ...(value !== '' ? { value: value.slice(0, maxLength) } : {}),
  };
}
