import type { Member } from '../club/domain.js';
import { ageOn } from './club-time.js';

/**
 * Pure: whether a member is treated as a child on `today` (yyyy-mm-dd). Under 18 by the date of
 * birth; with none on record, a child unless the record shows an adult's part (coach, volunteer,
 * parent of a swimmer, a DBS check): an unknown age fails closed.
 */
export function isChild(member: Member, today: string): boolean {
  const age = ageOn(member.dateOfBirth, today);
  if (age !== undefined) return age < 18;
  const adultPart =
    member.isCoach ||
    member.isVolunteer ||
    member.isParent ||
    member.swimmers.length > 0 ||
    member.hasDbsDate;
  return !adultPart;
}
