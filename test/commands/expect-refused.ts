import { expect } from 'vitest';
import { validateForm, type FormDefinition } from '../../src/core/form.js';

/**
 * Validates `input` and expects the form to refuse it at `field` only (saying `message`, when
 * given), every typed value given back as typed, trimmed, so the person corrects one answer.
 */
export function expectRefusedAt(
  form: FormDefinition,
  input: Record<string, string>,
  field: string,
  message = '',
): void {
  const result = validateForm(form, input);
  if (result.ok) throw new Error(`expected ${field} to be refused`);
  expect(Object.keys(result.errors)).toEqual([field]);
  expect(result.errors[field]).toContain(message);
  for (const [id, value] of Object.entries(input)) expect(result.values[id]).toBe(value.trim());
}
