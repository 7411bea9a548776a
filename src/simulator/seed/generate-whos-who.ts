import { COMMITTEE_POSITIONS } from './assign-club-duties.js';
import { COACH_TITLES } from './generate-staff.js';
import type { ClubPerson } from './club-person.js';
import type { SeedWhosWho, SeedWhosWhoMember } from './records.js';

/**
 * Who's who: Committee (Notes: the position), Coaches (Notes: the coach's title, most senior first), Welfare (the
 * Welfare Officer and any deputy) and Volunteers (team managers). Exactly the members with
 * InWhosWho 1 appear.
 */
export function generateWhosWho(people: readonly ClubPerson[]): SeedWhosWho {
  const listed = people.filter((person) => person.user.InWhosWho === 1);
  const entry = (person: ClubPerson, Notes: string): SeedWhosWhoMember => {
    const member: SeedWhosWhoMember = {
      Firstname: person.user.Firstname,
      Lastname: person.user.Lastname,
      Notes,
    };
    if (person.user.KnownAs !== undefined) member.KnownAs = person.user.KnownAs;
    return member;
  };
  const welfare = (person: ClubPerson): boolean =>
    person.position === 'Welfare Officer' || person.duty === 'Deputy Welfare Officer';
  return {
    Categories: [
      {
        Category: 'Committee',
        Members: COMMITTEE_POSITIONS.flatMap((position) =>
          listed.filter((p) => p.position === position).map((p) => entry(p, position)),
        ),
      },
      {
        Category: 'Coaches',
        Members: COACH_TITLES.flatMap((title) =>
          listed
            .filter((p) => p.user.IsACoach === 1 && p.user.JobTitle === title)
            .map((p) => entry(p, title)),
        ),
      },
      {
        Category: 'Welfare',
        Members: listed.flatMap((p) =>
          welfare(p) ? [entry(p, p.position ?? p.duty ?? 'Welfare')] : [],
        ),
      },
      {
        Category: 'Volunteers',
        Members: listed.flatMap((p) => (p.duty === 'Team Manager' ? [entry(p, p.duty)] : [])),
      },
    ],
  };
}
