import type { ClubPerson } from './club-person.js';
import { addSafeguardingChecks } from './safeguarding-checks.js';
import type { SeedContext } from './seed-context.js';

/** Positions every club fills, whatever its size. */
export const CORE_POSITIONS = [
  'Chair',
  'Secretary',
  'Treasurer',
  'Welfare Officer',
  'Membership Secretary',
] as const;
/** Positions a bigger club adds, one per 200 members. */
const EXTRA_POSITIONS = [
  'Vice Chair',
  'Gala Secretary',
  'Fundraising Officer',
  'Publicity Officer',
  'Open Water Secretary',
] as const;

/** Every committee position, in the order clubs list them. */
export const COMMITTEE_POSITIONS: readonly string[] = [...CORE_POSITIONS, ...EXTRA_POSITIONS];

/** Duties of volunteers off the committee (the first volunteer is always a Team Manager). */
const VOLUNTEER_DUTIES = [
  ['Timekeeper', 40],
  ['Poolside Helper', 30],
  ['Gala Official', 15],
  ['Team Manager', 15],
] as const;

/**
 * Fills the committee from adult parents, volunteers and adult swimmers (coaches only if those run
 * out), names a Deputy Welfare Officer in clubs of 100 or more, and gives every other volunteer a
 * duty. Welfare officers and team managers get DBS and safeguarding dates.
 */
export function assignClubDuties(
  ctx: SeedContext,
  people: readonly ClubPerson[],
  members: number,
): void {
  const { random } = ctx;
  const adults = people.filter((person) => person.age >= 21 && person.user.Active === 1);
  const candidates = [
    ...random.shuffle(adults.filter((person) => person.kind !== 'coach')),
    ...random.shuffle(adults.filter((person) => person.kind === 'coach')),
  ];
  const positions = [...CORE_POSITIONS, ...EXTRA_POSITIONS.slice(0, Math.floor(members / 200))];
  if (candidates.length < positions.length + 1) {
    throw new Error(`too few adults (${candidates.length}) for the committee`);
  }
  positions.forEach((position, i) => {
    const person = candidates[i] as ClubPerson;
    person.position = position;
    Object.assign(person.user, { CommitteeMember: 1, IsAVolunteer: 1, InWhosWho: 1 });
    person.user.JobTitle = position;
    if (position === 'Welfare Officer') addSafeguardingChecks(ctx, person.user, false);
  });
  if (members >= 100) {
    const deputy = candidates[positions.length] as ClubPerson;
    deputy.duty = 'Deputy Welfare Officer';
    Object.assign(deputy.user, { IsAVolunteer: 1, InWhosWho: 1 });
    addSafeguardingChecks(ctx, deputy.user, false);
  }

  let first = true;
  for (const person of people) {
    const free = person.position === undefined && person.duty === undefined;
    if (!free || person.user.IsAVolunteer !== 1 || person.kind === 'coach') continue;
    if (person.user.Active !== 1 || person.age < 18) continue;
    person.duty = first ? 'Team Manager' : random.weighted(VOLUNTEER_DUTIES);
    first = false;
    if (person.duty === 'Team Manager') {
      person.user.InWhosWho = 1;
      addSafeguardingChecks(ctx, person.user, false);
    }
  }
}
