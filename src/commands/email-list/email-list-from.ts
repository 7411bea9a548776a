import { clubToday } from '../../club/time/club-time.js';
import type { CommandDefinition, FormContext } from '../../core/command.js';
import type { FormDefinition } from '../../core/form.js';

/** "Friday Minnows as Minnows parents": the session or squad, then the list's name if given. */
export function readFromText(text: string | undefined): { source: string; name: string } {
  const [source = '', ...name] = (text ?? '').trim().split(/\s+as\s+/i);
  return { source: source.trim(), name: name.join(' as ').trim() || source.trim() };
}

/**
 * Pure: the form that confirms an email list before it is filed: which session or squad, and
 * the list's name (a list of that name is updated). Filled in from what was typed after
 * /emaillist from; the worker reads the session or squad, and asks when it is not exact.
 */
export function emailListForm({ now, timezone, options }: FormContext): FormDefinition {
  const typed = readFromText(options?.from);
  return {
    today: clubToday(now, timezone),
    id: 'emaillist',
    title: 'Email list from a session or squad',
    submitLabel: 'Save list',
    notice:
      'The list holds the parents of under-18s and the adults themselves; nobody’s address is shown here.',
    fields: [
      {
        id: 'source',
        label: 'Session or squad',
        type: 'text',
        required: true,
        maxLength: 100,
        ...(typed.source ? { defaultValue: typed.source } : {}),
        hint: 'As /sessions names it, e.g. Friday Minnows; add "squad" for a club group.',
      },
      {
        id: 'name',
        label: 'List name',
        type: 'text',
        required: true,
        maxLength: 50,
        ...(typed.name ? { defaultValue: typed.name } : {}),
        hint: 'A list of this name is updated: its people are replaced.',
      },
    ],
  };
}

export const emailListFrom = {
  kind: 'form',
  name: 'emaillist from',
  description: "An email list of a session's or squad's parents and adult swimmers: a form.",
  options: [
    {
      name: 'from',
      description: 'A session or squad, then "as" and a list name if not the same',
      required: false,
      rest: true,
      autocomplete: 'sessions',
    },
  ],
  examples: ['/emaillist from Friday Minnows', '/emaillist from Seniors squad as Seniors 2026'],
  roles: ['membership', 'admin'],
  personalData: true,
  form: 'emaillist',
  buildForm: emailListForm,
} satisfies CommandDefinition;
