import type { Member, MemberSensitive, PersonName } from './domain.js';
import type { FreshMember } from './fresh-member.js';
import { date, flag, gender, guids, required, text, type WireRecord } from './wire-fields.js';

export const firstNames = ['Firstname', 'FirstName', 'firstname', 'firstName'];
export const lastNames = ['Lastname', 'LastName', 'lastname', 'lastName'];

export function personName(record: WireRecord): PersonName {
  return {
    guid: text(record, 'Guid'),
    firstName: text(record, ...firstNames) ?? '',
    knownAs: text(record, 'KnownAs', 'Knownas'),
    lastName: text(record, ...lastNames) ?? '',
  };
}

export function decodeMember(record: WireRecord): Member {
  const emergencyContacts = [1, 2].flatMap((n) => {
    const name = text(record, `EmergencyContactPerson${n}`);
    const phone = text(record, `EmergencyContactPhone${n}`);
    return name || phone ? [{ name: name ?? '', phone: phone ?? '' }] : [];
  });
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    memberId: text(record, 'MemberID', 'MemberId'),
    firstName: text(record, ...firstNames) ?? '',
    knownAs: text(record, 'KnownAs', 'Knownas'),
    lastName: text(record, ...lastNames) ?? '',
    email: text(record, 'Email'),
    mobilePhone: text(record, 'MobilePhone'),
    homePhone: text(record, 'HomePhone'),
    dateOfBirth: date(record, 'DOB', 'Dob', 'DateOfBirth'),
    gender: gender(record),
    primaryContactName: text(record, 'PrimaryContactName'),
    relationshipToMember: text(record, 'RelationshipToMember'),
    address: ['Address1', 'Address2', 'Address3', 'Address4', 'Address5']
      .map((key) => text(record, key))
      .filter((line): line is string => line !== undefined),
    town: text(record, 'Town', 'City'),
    county: text(record, 'County'),
    postcode: text(record, 'Postcode', 'PostCode'),
    emergencyContacts,
    // A record without Active (missing, or "" as the real service sends an empty field) is taken
    // as active: the spec does not require the field.
    active: text(record, 'Active') === undefined ? true : flag(record, 'Active'),
    isSwimmer: flag(record, 'IsASwimmer'),
    isVolunteer: flag(record, 'IsAVolunteer'),
    isCoach: flag(record, 'IsACoach'),
    isParent: flag(record, 'IsAParent'),
    isCommitteeMember: flag(record, 'CommitteeMember'),
    inWhosWho: flag(record, 'InWhosWho'),
    asaNumber: text(record, 'ASANumber', 'AsaNumber'),
    asaCategory: text(record, 'AsaCategory', 'ASACategory'),
    jobTitle: text(record, 'JobTitle'),
    detailsConfirmed: date(record, 'DetailsConfirmedCorrect'),
    parents: guids(record, 'Parents'),
    swimmers: guids(record, 'Swimmers'),
    hasDbsDate: date(record, 'DBSDate', 'DbsDate') !== undefined,
    dbsRenewalDate: date(record, 'DBSRenewalDate', 'DbsRenewalDate'),
    safeguardingRenewalDate: date(record, 'SafeguardingRenewalDate'),
    consents: {
      imageUse: text(record, 'ConsentImageUse') !== undefined,
      videoUse: text(record, 'ConsentVideoUse') !== undefined,
      travel: text(record, 'ConsentToTravel') !== undefined,
    },
  };
}

export function decodeMemberSensitive(record: WireRecord): MemberSensitive {
  return {
    medicalHistory: text(record, 'MedicalHistory'),
    allergies: text(record, 'Allergies'),
    disabilityDetails: text(record, 'DisabilityDetails'),
    doctor: text(record, 'Doctor'),
    doctorAddress: text(record, 'DoctorAddress'),
    doctorPhone: text(record, 'DoctorPhone'),
    dbsDate: date(record, 'DBSDate', 'DbsDate'),
    dbsRenewalDate: date(record, 'DBSRenewalDate', 'DbsRenewalDate'),
    dbsCertificateNumber: text(record, 'DBSCertificateNumber', 'DbsCertificateNumber'),
    safeguardingDate: date(record, 'SafeguardingDate'),
    safeguardingRenewalDate: date(record, 'SafeguardingRenewalDate'),
  };
}

/** A member with their special-category fields, as read per request. */
export function decodeFreshMember(record: WireRecord): FreshMember {
  return { member: decodeMember(record), sensitive: decodeMemberSensitive(record) };
}
