import type { ClubPerson } from './club-person.js';
import type { SeedEmailList } from './records.js';
import type { SeedContext } from './seed-context.js';

const LISTS: readonly { name: string; includes: (person: ClubPerson) => boolean }[] = [
  { name: 'All Members', includes: () => true },
  { name: 'Parents', includes: (person) => person.user.IsAParent === 1 },
  { name: 'Coaches', includes: (person) => person.user.IsACoach === 1 },
  { name: 'Committee', includes: (person) => person.user.CommitteeMember === 1 },
  { name: 'Volunteers', includes: (person) => person.user.IsAVolunteer === 1 },
  { name: 'Masters', includes: (person) => person.squad === 'Masters' },
  { name: 'Performance Squad', includes: (person) => person.squad === 'Performance' },
];

/** The club's mailing lists, of active members only. */
export function generateEmailLists(
  ctx: SeedContext,
  people: readonly ClubPerson[],
): SeedEmailList[] {
  const active = people.filter((person) => person.user.Active === 1);
  return LISTS.map(({ name, includes }) => ({
    Guid: ctx.newGuid(),
    ListName: name,
    Members: active.filter(includes).map((person) => ({ Guid: person.user.Guid })),
  }));
}
