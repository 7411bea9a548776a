import type { Member } from '../domain.js';
import { ageOn } from '../time/club-time.js';

/**
 * Pure: whether a member is treated as a child on `today` (yyyy-mm-dd). Under 18 by the date of
 * birth; with none on record, a child unless the record shows a part only adults hold (a parent
 * of someone, a committee member, a DBS check): an unknown age fails closed. A coach or volunteer
 * flag alone does not count, as junior helpers and young assistant coaches hold them too.
 */
export function isChild(member: Member, today: string): boolean {
  const age = ageOn(member.dateOfBirth, today);
  if (age !== undefined) return age < 18;
  const adultPart =
    member.isParent || member.swimmers.length > 0 || member.isCommitteeMember || member.hasDbsDate;
  return !adultPart;
}
