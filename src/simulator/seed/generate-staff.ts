import type { ClubPerson } from './club-person.js';
import { createPerson } from './create-person.js';
import { SURNAMES } from './names.js';
import { fictionalAddress } from './places.js';
import { addSafeguardingChecks } from './safeguarding-checks.js';
import type { SeedContext } from './seed-context.js';

/** Coaches' job titles, most senior first. */
export const COACH_TITLES = ['Head Coach', 'Senior Coach', 'Coach', 'Assistant Coach'] as const;

/**
 * The coaches: the first is the Head Coach, the second has a DBS renewal due within 60 days (as do
 * about one in ten of the rest), all have DBS and safeguarding dates.
 */
export function generateCoaches(ctx: SeedContext, count: number): ClubPerson[] {
  const { random } = ctx;
  const coaches: ClubPerson[] = [];
  for (let i = 0; i < count; i++) {
    const title =
      i === 0
        ? 'Head Coach'
        : random.weighted([
            ['Senior Coach', 25],
            ['Coach', 50],
            ['Assistant Coach', 25],
          ] as const);
    const age =
      title === 'Head Coach'
        ? random.int(42, 60)
        : title === 'Assistant Coach'
          ? random.int(18, 24)
          : random.int(25, 62);
    const coach = createPerson(ctx, {
      kind: 'coach',
      age,
      gender: random.chance(0.5) ? 'F' : 'M',
      lastname: random.pick(SURNAMES),
      address: fictionalAddress(random),
    });
    coach.user.JobTitle = title;
    coach.user.InWhosWho = 1;
    if (random.chance(0.3)) coach.user.IsAVolunteer = 1;
    if (random.chance(0.1)) coach.user.IsASwimmer = 1;
    addSafeguardingChecks(ctx, coach.user, i === 1 || (i > 1 && random.chance(0.1)));
    coaches.push(coach);
  }
  return coaches;
}

/** Adult volunteers without children in the club; their duties come later. */
export function generateVolunteers(ctx: SeedContext, count: number): ClubPerson[] {
  const { random } = ctx;
  const volunteers: ClubPerson[] = [];
  for (let i = 0; i < count; i++) {
    volunteers.push(
      createPerson(ctx, {
        kind: 'volunteer',
        age: random.int(21, 72),
        gender: random.chance(0.55) ? 'F' : 'M',
        lastname: random.pick(SURNAMES),
        address: fictionalAddress(random),
      }),
    );
  }
  return volunteers;
}
