import type { ClubPerson } from './club-person.js';
import { squadFor } from './squads.js';
import type { SeedContext } from './seed-context.js';

/**
 * The last pass over the members: squads for active swimmers, governing-body numbers and membership
 * categories for everyone who swims, coaches or volunteers, and MemberIDs in order of joining.
 * Returns the members in that order.
 */
export function registerMembers(ctx: SeedContext, people: readonly ClubPerson[]): ClubPerson[] {
  const { random } = ctx;
  const byJoining = people
    .map((person, index) => ({ person, index }))
    .sort(
      (a, b) =>
        compareText(a.person.user.DateJoinedClub, b.person.user.DateJoinedClub) ||
        a.index - b.index,
    )
    .map(({ person }) => person);

  let asaNumber = random.int(1_000_000, 1_400_000);
  byJoining.forEach((person, i) => {
    const user = person.user;
    user.MemberID = String(1001 + i);
    if (user.IsASwimmer === 1 && user.Active === 1)
      person.squad = squadFor(person.age, person.ability);
    const registered = user.IsASwimmer === 1 || user.IsACoach === 1 || user.IsAVolunteer === 1;
    if (!registered) return;
    asaNumber += random.int(1, 300);
    user.ASANumber = String(asaNumber);
    if (user.IsASwimmer !== 1) user.AsaCategory = 'Club Support';
    else if (person.squad === 'Minnows' || person.squad === 'Juniors')
      user.AsaCategory = 'Club Train';
    else if (person.squad === 'Masters' && person.ability < 0.5) user.AsaCategory = 'Club Train';
    else user.AsaCategory = 'Club Compete';
  });
  return byJoining;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
