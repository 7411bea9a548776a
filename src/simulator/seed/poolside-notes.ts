import { addYears, formatDay } from './dates.js';
import { ALLERGIES } from './health-notes.js';
import type { SeedClubSession } from './records.js';
import type { SeedContext } from './seed-context.js';
import type { SeedUser } from './seed-user.js';

/** Children on a session before it is sure to show a poolside note and a consent marker. */
const enoughChildren = 3;

/**
 * Makes sure every running session with a few children has, among them, someone with a health
 * note or allergy (for the poolside sheet) and someone with no photo consent on record (for the
 * roster's marker), whatever day the demo runs. Most sessions have both by chance; the rest get
 * an allergy, or lose a photo consent, drawn on this part's own random stream.
 */
export function addPoolsideNotes(
  ctx: SeedContext,
  club: { users: SeedUser[]; sessions: SeedClubSession[] },
): void {
  const { random, today } = ctx;
  const childIfBornAfter = formatDay(addYears(today, -18));
  const childrenByGuid = new Map(
    club.users
      .filter((user) => user.Parents.length > 0 && user.DOB > childIfBornAfter)
      .map((user) => [user.Guid, user]),
  );
  for (const session of club.sessions) {
    if (session.Archived === 1) continue;
    const children = session.Members.flatMap((member) => {
      const child = childrenByGuid.get(member.Guid);
      return child ? [child] : [];
    });
    if (children.length < enoughChildren) continue;
    if (!children.some((user) => user.MedicalHistory || user.Allergies || user.DisabilityDetails)) {
      random.pick(children).Allergies = random.pick(ALLERGIES);
    }
    if (children.every((user) => user.ConsentImageUse !== undefined)) {
      delete random.pick(children).ConsentImageUse;
    }
  }
}
