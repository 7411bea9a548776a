import type { RunningSimulator } from '../../src/simulator/start-simulator.js';

/** A seeded member with health notes on record, and their full name as a volunteer would type it. */
export function memberWithHealthNotes(simulator: RunningSimulator) {
  const record = simulator.admin
    .records('users')
    .find((user) => typeof user.MedicalHistory === 'string');
  if (!record) throw new Error('the seeded club has nobody with health notes');
  return { record, name: `${String(record.Firstname)} ${String(record.Lastname)}` };
}
