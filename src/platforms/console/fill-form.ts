import { formatDay } from '../../club/time/club-time.js';
import {
  checkAnswer,
  isCalendarDate,
  type FormDefinition,
  type FormField,
  type FormValues,
} from '../../core/form.js';
import { escapeTerminal } from './escape-terminal.js';

/** How a person left a form: filled in, cancelled (`cancel`), or the input ended. */
export type FillResult =
  | { kind: 'filled'; values: FormValues }
  | { kind: 'cancelled'; values: FormValues }
  | { kind: 'ended'; values: FormValues };

/** What asking needs: one question at a time, and a line of output. */
export interface FormPrompter {
  ask(question: string): Promise<string | undefined>;
  print(text: string): void;
}

const isCancel = (answer: string) => /^(cancel|stop|quit)$/i.test(answer.trim());

/**
 * Asks the fields of `form` (only those in `only` when given) one by one, checking each answer
 * as it is given: a wrong one is explained and asked again, the rest of the draft kept. Enter
 * keeps the value in [brackets], which is only ever a good one. `cancel` at any question leaves
 * the form. A line starting with `/` is a command typed too early, never an answer.
 */
export async function fillForm(
  prompter: FormPrompter,
  form: FormDefinition,
  typed: FormValues,
  only?: readonly string[],
): Promise<FillResult> {
  const values = { ...typed };
  for (const field of form.fields) {
    if (only && !only.includes(field.id)) continue;
    // A value that failed its check is never offered back as the default.
    if (only) delete values[field.id];
    for (;;) {
      const answer = await prompter.ask(question(field, values[field.id], form.today));
      if (answer === undefined) return { kind: 'ended', values };
      if (isCancel(answer)) return { kind: 'cancelled', values };
      if (answer.trim().startsWith('/')) {
        prompter.print(
          '! That is a command, not an answer. Answer the question, or type cancel to leave the form.',
        );
        continue;
      }
      const given = answer.trim() === '' ? (values[field.id] ?? field.defaultValue ?? '') : answer;
      const checked = checkAnswer(form, field, given);
      if (checked.problem) {
        prompter.print(`! ${field.label} ${checked.problem}`);
        continue;
      }
      values[field.id] = checked.value;
      break;
    }
  }
  return { kind: 'filled', values };
}

/** "Title: Lane rope; Date: Thu 26 Nov" of what was given, for saying what a cancel discards. */
export function describeDraft(form: FormDefinition, values: FormValues): string {
  return form.fields
    .filter((field) => (values[field.id] ?? '') !== '')
    .map((field) => `${field.label}: ${shownValue(field, values[field.id] ?? '', form.today)}`)
    .join('; ');
}

/** Shows what will be filed and asks "File this? (yes/no)"; true only for yes. */
export async function confirmFiling(
  prompter: FormPrompter,
  form: FormDefinition,
  values: FormValues,
  question = 'File this? (yes/no) ',
): Promise<boolean> {
  const shown = form.fields
    .filter((field) => (values[field.id] ?? '') !== '')
    .map(
      (field) =>
        `  ${field.label}: ${escapeTerminal(shownValue(field, values[field.id] ?? '', form.today))}`,
    );
  prompter.print([form.title, ...shown].join('\n'));
  for (;;) {
    const answer = (await prompter.ask(question))?.trim().toLowerCase();
    if (answer === undefined || ['no', 'n', 'cancel'].includes(answer)) return false;
    if (['yes', 'y'].includes(answer)) return true;
    prompter.print('Please answer yes or no.');
  }
}

function shownValue(field: FormField, value: string, today: string | undefined): string {
  return field.type === 'date' && isCalendarDate(value) ? formatDay(value, today) : value;
}

function question(field: FormField, current: string | undefined, today?: string): string {
  const shown = current ?? field.defaultValue;
  const parts = [
    field.label,
    field.required ? '' : ' (optional)',
    field.choices ? ` (${field.choices.join(' / ')})` : '',
    shown ? ` [${shownValue(field, shown, today)}]` : '',
  ];
  return `${parts.join('')}: `;
}
