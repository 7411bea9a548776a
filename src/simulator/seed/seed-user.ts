import type { IsoDate, Flag, Gender } from './records.js';

/** A member of the club (`/api/Users`; `/api/CommitteeMembers` returns the same fields). */
export interface SeedUser {
  Guid: string;
  MemberID: string;
  Firstname: string;
  /** Present only when the member goes by another name ("Tom" for Thomas). */
  KnownAs?: string;
  Lastname: string;
  PrimaryContactName?: string;
  RelationshipToMember?: string;
  HomePhone?: string;
  MobilePhone?: string;
  Email?: string;
  DOB: IsoDate;
  Gender: Gender;
  Ethnicity?: string;
  Address1: string;
  Address2?: string;
  Address3?: string;
  /** Only in the spec's narrower field list. */
  Address4?: string;
  /** Only in the spec's narrower field list. */
  Address5?: string;
  Town: string;
  /** Only in the spec's sample response (next to Town). */
  City?: string;
  County: string;
  Postcode: string;
  EmergencyContactPerson1?: string;
  EmergencyContactPhone1?: string;
  EmergencyContactPerson2?: string;
  EmergencyContactPhone2?: string;
  DetailsConfirmedCorrect?: IsoDate;
  LastModifiedDate: IsoDate;
  Active: Flag;
  DateJoinedClub: IsoDate;
  ASANumber?: string;
  /** "Club Train", "Club Compete" or "Club Support". */
  AsaCategory?: string;
  CountryOfRepresentation?: string;
  IsASwimmer: Flag;
  IsAVolunteer: Flag;
  IsACoach: Flag;
  IsAParent: Flag;
  CommitteeMember: Flag;
  /** Only in the spec's narrower field list. */
  InWhosWho: Flag;
  JobTitle?: string;
  CompetitiveDivingPassed?: IsoDate;
  /** Max 100. */
  SwimsForOtherClub?: string;
  LocoParentisRights?: IsoDate;
  ConsentToTravel?: IsoDate;
  ConsentImageUse?: IsoDate;
  ConsentVideoUse?: IsoDate;
  SchoolAttended?: string;
  LastClubDisclaimerAcknowledged?: IsoDate;
  DateLeft?: IsoDate;
  /** Max 4000. */
  Notes?: string;
  /** Special-category health data. Max 4000. */
  MedicalHistory?: string;
  /** Special-category health data. Max 4000. */
  Allergies?: string;
  /** Special-category health data. Max 4000. */
  DisabilityDetails?: string;
  Doctor?: string;
  DoctorAddress?: string;
  DoctorPhone?: string;
  DBSDate?: IsoDate;
  DBSRenewalDate?: IsoDate;
  DBSCertificateNumber?: string;
  SafeguardingDate?: IsoDate;
  SafeguardingRenewalDate?: IsoDate;
  Username?: string;
  /** Always blank. */
  Password: '';
  LastLoggedIn?: IsoDate;
  InvoiceDiscountPercent?: number;
  /** Guids of the sessions the user is restricted to. */
  SessionRestrictions: string[];
  /** Guids of the swimmer's parents. */
  Parents: string[];
  /** Guids of the parent's swimmers. */
  Swimmers: string[];
}
