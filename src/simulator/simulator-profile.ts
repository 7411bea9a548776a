import type { ClubApiLayout } from '../club/collections.js';

/**
 * How the simulator's records look on the wire:
 * - `spec`: the spec's forms to the letter (flags 1/0, lists of Guids, empty fields absent);
 * - `real`: as the real service sends them (club-service-notes.md), one fixed form per field:
 *   member flags "1"/"0", a session's Archived an integer, every field present, `[{ Guid }]`
 *   lists; `real-2025` is the same with member flags "Yes"/"No", as newer hosts send them;
 * - `chaos`: every form the service has used, mixed record by record: a robustness test of our
 *   own decoder, NOT the real service (clients of the real service compare exact forms).
 */
export type SimulatorProfile = 'spec' | 'real' | 'real-2025' | 'chaos';

export const simulatorProfiles = [
  'spec',
  'real',
  'real-2025',
  'chaos',
] as const satisfies readonly SimulatorProfile[];

export function isSimulatorProfile(value: string): value is SimulatorProfile {
  return (simulatorProfiles as readonly string[]).includes(value);
}

/** The layout a profile serves unless told: the real service's newer hosts are bare. */
export function defaultLayoutOf(profile: SimulatorProfile): ClubApiLayout {
  return profile === 'real' || profile === 'real-2025' ? 'bare' : 'spec';
}
