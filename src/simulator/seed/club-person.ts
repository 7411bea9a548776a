import type { SeedUser } from './seed-user.js';
import type { Squad } from './squads.js';

/** Why the person was created; a parent may also swim, volunteer or sit on the committee. */
export type PersonKind = 'junior' | 'parent' | 'adult-swimmer' | 'coach' | 'volunteer';

/** A member while the club is being built: the wire record plus what the generator knows. */
export interface ClubPerson {
  user: SeedUser;
  kind: PersonKind;
  /** Age in whole years on the club's today. */
  age: number;
  /** 0 to 1, higher is faster; decides the squad. */
  ability: number;
  /** The squad of a swimmer. */
  squad?: Squad;
  /** A session the swimmer always attends, by name (the fixture member's). */
  regularSession?: string;
  /** Committee position, e.g. "Chair". */
  position?: string;
  /** Other club role, e.g. "Deputy Welfare Officer", "Team Manager", "Timekeeper". */
  duty?: string;
}
