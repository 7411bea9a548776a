import { ageOn, formatDay } from '../club/time/club-time.js';
import { findChoice } from './find-choice.js';
import { isCalendarDate, readDate } from '../club/time/read-date.js';
import { formatPeriod, periodStartDate, readPeriod } from '../club/time/read-period.js';
import { notAnAmount, readMoney } from './read-money.js';

export { isCalendarDate };

/** A neutral form: Slack renders it as a modal, Discord as a modal, the console asks field by field. */
export interface FormDefinition {
  /** Stable id; also the job's form kind. */
  id: FormId;
  /** Shown as the modal title (Discord allows 45 characters). */
  title: string;
  submitLabel: string;
  fields: FormField[];
  /**
   * The club's date when the form was built (yyyy-mm-dd): "today", "yesterday" and "26 Nov" are
   * read against it, and date rules are checked against it. Without it only full dates are read.
   */
  today?: string;
  /**
   * Told before the first question (e.g. what will happen to a report from someone the bot
   * cannot link). Plain text. Default: none.
   */
  notice?: string;
  /**
   * Set when the form could only be refused for this person (an unlinked report with nowhere to
   * file it): why, and whom to tell instead. Adapters answer with it rather than ask. Plain text.
   */
  refusal?: string;
}

export type FormId = 'incident' | 'trial' | 'waitinglist' | 'event' | 'emaillist';

/** `period`: a start and an end, each a date and a time; `money`: an amount in pounds. */
export type FormFieldType = 'text' | 'long-text' | 'date' | 'select' | 'email' | 'period' | 'money';

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
  /** A date that may not be after the form's day (an incident). Default: any date. */
  notFuture?: boolean;
  /**
   * A date (or period) that may not start before the form's day (an event); a day without a
   * year is then the next one. Default: any date.
   */
  notPast?: boolean;
  /** The id of a `period` field this date may not be after the start of (entries close). */
  notAfter?: string;
  /** A date of birth: the ages in whole years, on the form's day, the form is for. Default: any. */
  ages?: { min: number; max: number; what: string };
}

export type FormValues = Record<string, string>;

/** The ages the club's junior forms (trials, the waiting list) take: `what` names the form. */
export function childAges(what: string): NonNullable<FormField['ages']> {
  return { min: 3, max: 18, what };
}

/** The child's name, date of birth and a contact email, as the junior forms ask for them. */
export function childFields(what: string, dateOfBirthRequired: boolean): FormField[] {
  return [
    { id: 'firstName', label: 'First name', type: 'text', required: true, maxLength: 50 },
    { id: 'lastName', label: 'Last name', type: 'text', required: true, maxLength: 50 },
    {
      id: 'dateOfBirth',
      label: 'Date of birth',
      type: 'date',
      required: dateOfBirthRequired,
      maxLength: 10,
      ages: childAges(what),
      hint: 'e.g. 14/03/2016 or 14 Mar 2016.',
    },
    { id: 'email', label: 'Contact email', type: 'email', required: false, maxLength: 50 },
  ];
}

export type FormValidation =
  | { ok: true; values: FormValues }
  | { ok: false; errors: Record<string, string>; values: FormValues };

/** One answer once checked: the value to keep, and what is wrong with it in plain words. */
export interface CheckedAnswer {
  /** As the club service takes it (a date as yyyy-mm-dd, a choice as listed), or as typed when refused. */
  value: string;
  /** Why it cannot be filed, without the field's label ("not a date I know: …"). */
  problem?: string;
}

/**
 * Checks one answer as it is given, with the spec's rules: required, max length, one of the
 * choices (any case, "in progress"), a real calendar date as people write it (2026-02-30 is not),
 * then the form's own date rules.
 */
export function checkAnswer(form: FormDefinition, field: FormField, raw: unknown): CheckedAnswer {
  const typed = typedOf(raw);
  if (typed === '') return { value: '', problem: field.required ? 'is required.' : undefined };
  switch (field.type) {
    case 'date': {
      const date = readTypedDate(field, typed, form.today);
      if (!date) return { value: typed, problem: field.notPast ? notADateAhead : notADate };
      const problem = checkDate(field, date, form.today);
      return problem ? { value: typed, problem } : { value: date };
    }
    case 'period': {
      const period = readPeriod(typed, form.today);
      if (typeof period === 'string') return { value: typed, problem: period };
      const problem = checkDate(field, period.startDate, form.today);
      return problem ? { value: typed, problem } : { value: formatPeriod(period) };
    }
    case 'money': {
      const amount = readMoney(typed);
      return amount === undefined ? { value: typed, problem: notAnAmount } : { value: amount };
    }
    case 'select': {
      const choices = (field.choices ?? []).map((choice) => ({ name: choice, value: choice }));
      const choice = findChoice(choices, typed);
      return choice
        ? { value: choice.value }
        : { value: typed, problem: `is not one I know: choose ${listed(field.choices ?? [])}.` };
    }
    default: {
      const length = [...typed].length;
      if (length > field.maxLength) {
        return {
          value: typed,
          problem: `is ${length} characters; the club service accepts at most ${field.maxLength}.`,
        };
      }
      if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed))
        return { value: typed, problem: 'is not an email address I know, e.g. name@example.org.' };
      return { value: typed };
    }
  }
}

/** What a date the bot cannot read is told: examples, never a character count. */
const notADate = 'is not a date I know: try 26/11, 26 Nov, today or yesterday.';
const notADateAhead = 'is not a date I know: try 28/02, 28 Feb, friday or tomorrow.';

const listed = (choices: readonly string[]) =>
  choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : choices.join('');

/**
 * Checks every answer (see {@link checkAnswer}). `values` is what the person typed (trimmed; a
 * date as yyyy-mm-dd and a choice as listed once read), so a form reopened after an error shows
 * their text.
 */
export function validateForm(form: FormDefinition, input: Record<string, unknown>): FormValidation {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const { value, problem } = checkAnswer(form, field, input[field.id]);
    values[field.id] = value;
    if (problem) errors[field.id] = `${field.label}: ${problem}`;
  }
  for (const field of form.fields) {
    const problem = notAfterProblem(form, field, values, errors);
    if (!problem) continue;
    errors[field.id] = `${field.label}: ${problem}`;
    values[field.id] = typedOf(input[field.id]);
  }
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, errors, values };
}

function readTypedDate(field: FormField, typed: string, today: string | undefined) {
  if (today) return readDate(typed, today, field.notPast ? 'ahead' : 'past');
  return isCalendarDate(typed) ? typed : undefined;
}

/** A date after the start of the period it belongs before (entries closing after the event). */
function notAfterProblem(
  form: FormDefinition,
  field: FormField,
  values: FormValues,
  errors: Record<string, string>,
) {
  const other = form.fields.find((candidate) => candidate.id === field.notAfter);
  if (!other || errors[field.id] || errors[other.id]) return undefined;
  const start = other && periodStartDate(values[other.id] ?? '');
  const date = values[field.id] ?? '';
  if (!start || date === '' || date <= start) return undefined;
  return `${formatDay(date)} is after the start (${formatDay(start)}): give a day on or before it.`;
}

/** The form's date rules: not in the future, an age the form is for. */
function checkDate(field: FormField, date: string, today: string | undefined): string | undefined {
  if (!today) return undefined;
  if (date < today && field.notPast)
    return `cannot be in the past (${formatDay(date)}; today is ${formatDay(today, today)}).`;
  if (date > today) {
    if (field.notFuture || field.ages)
      return `cannot be in the future (${formatDay(date)}; today is ${formatDay(today, today)}).`;
    return undefined;
  }
  const age = field.ages ? ageOn(date, today) : undefined;
  if (!field.ages || age === undefined) return undefined;
  const { min, max, what } = field.ages;
  return age < min || age > max
    ? `${formatDay(date)} makes them ${age}; ${what} is for ages ${min} to ${max}.`
    : undefined;
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

/** An answer as typed, trimmed and without control characters; empty when it is no text. */
function typedOf(raw: unknown): string {
  return typeof raw === 'string' ? stripControlCharacters(raw).trim() : '';
}

/** Keeps newlines and tabs; drops other control characters, which no club record should hold. */
function stripControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
