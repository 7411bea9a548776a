import type { SeedCodeAgreement, SeedCodeOfConduct } from './beyond-spec-records.js';
import type { ClubPerson } from './club-person.js';
import { addYears, formatDay, parseDay, yearOf } from './dates.js';
import type { SeedContext } from './seed-context.js';

/** Share of the active members who have not agreed the current code (at least three of them). */
const notAgreedShare = 0.06;

/**
 * The club's codes of conduct (`CodeOfConduct`, a collection of the real host beyond the spec):
 * last season's and the current one, listed oldest first, each with the members who agreed it and
 * when. Most members agreed a code within four weeks of its publication or of joining; a few active
 * members have NOT agreed the current code (6%, at least three), so a welfare check has someone to
 * name; members who left before a code was published never saw it.
 */
export function generateCodesOfConduct(
  ctx: SeedContext,
  people: readonly ClubPerson[],
): SeedCodeOfConduct[] {
  const { random, today } = ctx;
  const current = today - random.int(60, 150);
  const previous = addYears(current, -1);
  const active = people.filter((person) => person.user.Active === 1);
  const notAgreed = new Set(
    random
      .sample(active, Math.max(3, Math.round(active.length * notAgreedShare)))
      .map((person) => person.user.Guid),
  );

  // Days as numbers until the end: a 5000-member club's agreements are sorted twice.
  const agreements = (published: number, agrees: (person: ClubPerson) => boolean) =>
    people
      .flatMap((person) => {
        const { DateJoinedClub, DateLeft, Guid } = person.user;
        const left = DateLeft === undefined ? today : parseDay(DateLeft);
        const from = Math.max(published, parseDay(DateJoinedClub));
        if (left < from || !agrees(person)) return [];
        return [{ Guid, day: Math.min(from + random.int(0, 28), left, today) }];
      })
      .sort((a, b) => a.day - b.day)
      .map(({ Guid, day }): SeedCodeAgreement => ({ Guid, DateAgreed: formatDay(day) }));

  return [
    {
      Guid: ctx.newGuid(),
      Title: `Code of Conduct ${season(previous)}`,
      Members: agreements(previous, () => random.chance(0.92)),
    },
    {
      Guid: ctx.newGuid(),
      Title: `Code of Conduct ${season(current)}`,
      Members: agreements(current, (person) =>
        person.user.Active === 1 ? !notAgreed.has(person.user.Guid) : random.chance(0.5),
      ),
    },
  ];
}

/** The season a code published on `day` belongs to, e.g. "2025-26". */
function season(day: number): string {
  const start = yearOf(day);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
