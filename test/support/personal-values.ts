import type { RunningSimulator } from '../../src/simulator/start-simulator.js';

/**
 * Every seeded member's values of `fields` longer than `minLength` characters: what a test looks
 * for where personal data must never appear (logs, Redis at rest).
 */
export function personalValues(
  simulator: RunningSimulator,
  fields: readonly string[],
  minLength = 0,
): string[] {
  return simulator.admin
    .records('users')
    .flatMap((record) => fields.map((field) => record[field]))
    .filter((value): value is string => typeof value === 'string' && value.length > minLength);
}
