import type { Member, MemberSensitive } from './domain.js';

/** A member's record read just now with its special-category fields: never cached, never logged. */
export interface FreshMember {
  member: Member;
  sensitive: MemberSensitive;
}
