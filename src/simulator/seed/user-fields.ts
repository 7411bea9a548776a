import type { SeedUser } from './seed-user.js';

/**
 * A new member record with every User field present, in the spec's order: required ones blank,
 * optional ones undefined. Building every member from this one literal gives them all one object
 * shape while the generator fills them in (several times faster in V8 than adding fields one by
 * one); {@link compactUser} then drops the unset fields for the wire.
 */
export function blankUser(): SeedUser {
  // The mapped type makes leaving a field out a compile error.
  const user: SeedUser & Record<keyof SeedUser, unknown> = {
    Guid: '',
    MemberID: '',
    Firstname: '',
    KnownAs: undefined,
    Lastname: '',
    PrimaryContactName: undefined,
    RelationshipToMember: undefined,
    HomePhone: undefined,
    MobilePhone: undefined,
    Email: undefined,
    DOB: '',
    Gender: 'F',
    Ethnicity: undefined,
    Address1: '',
    Address2: undefined,
    Address3: undefined,
    Address4: undefined,
    Address5: undefined,
    Town: '',
    City: undefined,
    County: '',
    Postcode: '',
    EmergencyContactPerson1: undefined,
    EmergencyContactPhone1: undefined,
    EmergencyContactPerson2: undefined,
    EmergencyContactPhone2: undefined,
    DetailsConfirmedCorrect: undefined,
    LastModifiedDate: '',
    Active: 1,
    DateJoinedClub: '',
    ASANumber: undefined,
    AsaCategory: undefined,
    CountryOfRepresentation: undefined,
    IsASwimmer: 0,
    IsAVolunteer: 0,
    IsACoach: 0,
    IsAParent: 0,
    CommitteeMember: 0,
    InWhosWho: 0,
    JobTitle: undefined,
    CompetitiveDivingPassed: undefined,
    SwimsForOtherClub: undefined,
    LocoParentisRights: undefined,
    ConsentToTravel: undefined,
    ConsentImageUse: undefined,
    ConsentVideoUse: undefined,
    SchoolAttended: undefined,
    LastClubDisclaimerAcknowledged: undefined,
    DateLeft: undefined,
    Notes: undefined,
    MedicalHistory: undefined,
    Allergies: undefined,
    DisabilityDetails: undefined,
    Doctor: undefined,
    DoctorAddress: undefined,
    DoctorPhone: undefined,
    DBSDate: undefined,
    DBSRenewalDate: undefined,
    DBSCertificateNumber: undefined,
    SafeguardingDate: undefined,
    SafeguardingRenewalDate: undefined,
    Username: undefined,
    Password: '',
    LastLoggedIn: undefined,
    InvoiceDiscountPercent: undefined,
    SessionRestrictions: [],
    Parents: [],
    Swimmers: [],
  };
  return user;
}

const USER_FIELDS = Object.keys(blankUser()) as (keyof SeedUser)[];

/** The user as the service sends it: fields in the spec's order, unset optional fields absent. */
export function compactUser(user: SeedUser): SeedUser {
  const wire: Record<string, unknown> = {};
  for (const field of USER_FIELDS) {
    const value = user[field];
    if (value !== undefined) wire[field] = value;
  }
  return wire as unknown as SeedUser;
}
