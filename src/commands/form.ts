/** A neutral form: Slack renders it as a modal, Discord as a modal, the console asks field by field. */
export interface FormDefinition {
  /** Stable id; also the job's form kind. */
  id: FormId;
  /** Shown as the modal title (Discord allows 45 characters). */
  title: string;
  submitLabel: string;
  fields: FormField[];
}

export type FormId = 'incident' | 'trial' | 'waitinglist';

export type FormFieldType = 'text' | 'long-text' | 'date' | 'select' | 'email';

export interface FormField {
  /** Stable id: the key of the value and the block id on Slack. */
  id: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  /** Longest value the club service accepts (spec: 50, 100 or 4000). */
  maxLength: number;
  choices?: readonly string[];
  /** Filled in when the form opens (e.g. today's date, status Open). */
  defaultValue?: string;
  placeholder?: string;
  hint?: string;
}

export type FormValues = Record<string, string>;

export type FormValidation =
  | { ok: true; values: FormValues }
  | { ok: false; errors: Record<string, string>; values: FormValues };

/**
 * Checks values with the spec's rules before any call: required, max length, a real calendar
 * date (2026-02-30 is not), one of the choices. `values` is always what the person typed (trimmed),
 * so a form reopened after an error shows their text.
 */
export function validateForm(form: FormDefinition, input: Record<string, unknown>): FormValidation {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const raw = input[field.id];
    const value = typeof raw === 'string' ? stripControlCharacters(raw).trim() : '';
    values[field.id] = value;
    const problem = checkField(field, value);
    if (problem) errors[field.id] = `${field.label}: ${problem}`;
  }
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, errors, values };
}

function checkField(field: FormField, value: string): string | undefined {
  if (value === '') return field.required ? 'is required.' : undefined;
  const length = [...value].length;
  if (length > field.maxLength) {
    return `is ${length} characters; the club service accepts at most ${field.maxLength}.`;
  }
  switch (field.type) {
    case 'date':
      return isCalendarDate(value)
        ? undefined
        : 'must be a real date written yyyy-mm-dd, e.g. 2026-03-14.';
    case 'select':
      return field.choices?.includes(value)
        ? undefined
        : `must be one of: ${field.choices?.join(', ')}.`;
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
        ? undefined
        : 'must be an email address such as name@example.org.';
    default:
      return undefined;
  }
}

/**
 * Fills in the default of every field the person was not shown. The form an adapter opened can
 * differ from the one the worker rebuilds (a cold cache made the asker look unlinked): a field
 * they never saw takes its default rather than failing as missing.
 */
export function withDefaults(
  form: FormDefinition,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const filled = { ...values };
  for (const field of form.fields) {
    if (filled[field.id] === undefined && field.defaultValue !== undefined)
      filled[field.id] = field.defaultValue;
  }
  return filled;
}

/** True for a yyyy-mm-dd date that exists in the calendar. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Keeps newlines and tabs; drops other control characters, which no club record should hold. */
function stripControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
