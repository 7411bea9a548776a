import { createEmailAddresses, type ReservedDomain } from './email-addresses.js';
import { createGuids } from './guid.js';
import { createRandom, type Random } from './random.js';

/** What every part of the generator draws on. */
export interface SeedContext {
  /** The club's "today", as a day number (see dates.ts). */
  today: number;
  /** This part's own random stream. */
  random: Random;
  /** A new unique Guid (one sequence for the whole club). */
  newGuid: () => string;
  /** A new unique email address at a reserved domain (one sequence for the whole club). */
  newEmail: (firstname: string, lastname: string, domain: ReservedDomain) => string;
}

/**
 * Returns a context maker sharing Guids and emails across the club, with an independent random
 * stream per named part ("members", "sessions", ...).
 */
export function createSeedContexts(seed: number, today: number): (part: string) => SeedContext {
  const newGuid = createGuids(createRandom(seed, 'guids'));
  const newEmail = createEmailAddresses();
  return (part) => ({ today, random: createRandom(seed, part), newGuid, newEmail });
}
