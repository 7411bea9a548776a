import type { Member } from '../../src/club/domain.js';

/** A club member as the cache holds them: an active adult with no flags, no contacts, and `fields`. */
export function memberRecord(guid: string, fields: Partial<Member> = {}): Member {
  return {
    guid,
    firstName: guid,
    lastName: 'Smith',
    address: [],
    emergencyContacts: [],
    active: true,
    isSwimmer: false,
    isVolunteer: false,
    isCoach: false,
    isParent: false,
    isCommitteeMember: false,
    inWhosWho: false,
    parents: [],
    swimmers: [],
    hasDbsDate: false,
    consents: { imageUse: true, videoUse: true, travel: true },
    ...fields,
  };
}
