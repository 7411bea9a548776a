import type { Random } from './random.js';

/**
 * Phone numbers only from the ranges Ofcom keeps for drama and fiction (mobile 07700 900000-900999,
 * landline 01632 960000-960999), so no real phone can be called from the seeded data.
 */

export function fictionalMobile(random: Random): string {
  return `07700 900${String(random.int(0, 999)).padStart(3, '0')}`;
}

export function fictionalLandline(random: Random): string {
  return `01632 960${String(random.int(0, 999)).padStart(3, '0')}`;
}
