/**
 * Clean domain types decoded from the club service's drifting wire format (see `decode-*.ts`).
 * Optional text is `undefined` when the service sent nothing or an empty string.
 */

export type Gender = 'M' | 'F';
export type IncidentStatus = 'Open' | 'In Progress' | 'On Hold' | 'Closed';
export const incidentStatuses: readonly IncidentStatus[] = [
  'Open',
  'In Progress',
  'On Hold',
  'Closed',
];

export interface EmergencyContact {
  name: string;
  phone: string;
}

/**
 * A club member as the cache holds it: no special-category fields (health, DBS), no password.
 * Those are read per request as {@link MemberSensitive} by those entitled.
 */
export interface Member {
  guid: string;
  memberId?: string;
  firstName: string;
  knownAs?: string;
  lastName: string;
  email?: string;
  mobilePhone?: string;
  homePhone?: string;
  /** yyyy-mm-dd */
  dateOfBirth?: string;
  gender?: Gender;
  primaryContactName?: string;
  relationshipToMember?: string;
  address: string[];
  town?: string;
  county?: string;
  postcode?: string;
  emergencyContacts: EmergencyContact[];
  active: boolean;
  isSwimmer: boolean;
  isVolunteer: boolean;
  isCoach: boolean;
  isParent: boolean;
  isCommitteeMember: boolean;
  inWhosWho: boolean;
  asaNumber?: string;
  asaCategory?: string;
  jobTitle?: string;
  /** yyyy-mm-dd: when the member last confirmed their details are correct (DetailsConfirmedCorrect). */
  detailsConfirmed?: string;
  /** Guids of this swimmer's parents. */
  parents: string[];
  /** Guids of this parent's swimmers. */
  swimmers: string[];
  /** A DBS check date is on record (only adults are checked); the date itself is not cached. */
  hasDbsDate: boolean;
  /**
   * yyyy-mm-dd: when the DBS check and the safeguarding course are due again. Cached (sealed) so
   * renewal reminders need no per-member read; the check's date and certificate number are not.
   */
  dbsRenewalDate?: string;
  safeguardingRenewalDate?: string;
  /** Consents on record (`ConsentImageUse`, `ConsentVideoUse`, `ConsentToTravel`), no dates. */
  consents: { imageUse: boolean; videoUse: boolean; travel: boolean };
}

/** Special-category and criminal-records data: never cached, never logged. */
export interface MemberSensitive {
  medicalHistory?: string;
  allergies?: string;
  disabilityDetails?: string;
  doctor?: string;
  doctorAddress?: string;
  doctorPhone?: string;
  dbsDate?: string;
  dbsRenewalDate?: string;
  dbsCertificateNumber?: string;
  safeguardingDate?: string;
  safeguardingRenewalDate?: string;
}

export type Weekday =
  'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';
export const weekdays: readonly Weekday[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

export interface Attendance {
  guid: string;
  lastAttended?: string;
}

export interface ClubSession {
  guid: string;
  name: string;
  /** Undefined when the service's WeekDay could not be read as a day name. */
  weekday?: Weekday;
  startTime?: string;
  endTime?: string;
  location?: string;
  maxMembers?: number;
  fee?: number;
  archived: boolean;
  noSessionDates: string[];
  coaches: Attendance[];
  members: Attendance[];
}

export interface WhosWhoPerson {
  firstName: string;
  knownAs?: string;
  lastName: string;
  notes?: string;
}

export interface WhosWhoCategory {
  category: string;
  members: WhosWhoPerson[];
}

/** A group, role or email list: a name and its members' Guids. */
export interface NamedMembership {
  guid: string;
  name: string;
  members: string[];
  maxMembers?: number;
}

export interface ClubEvent {
  guid: string;
  title: string;
  details?: string;
  startDate: string;
  startTime?: string;
  endDate?: string;
  endTime?: string;
  venue?: string;
  pool?: string;
  fee?: number;
  entryCloseDate?: string;
}

export interface Meet {
  guid: string;
  name: string;
  facility?: string;
  type?: string;
  startDate: string;
  endDate?: string;
  entryOpenDate?: string;
  entryDeadline?: string;
  city?: string;
}

export interface PersonName {
  guid?: string;
  firstName: string;
  knownAs?: string;
  lastName: string;
}

export interface Incident {
  guid: string;
  title: string;
  date: string;
  status: string;
  details?: string;
  proposedAction?: string;
  addedBy: PersonName[];
  comments: { dateAdded?: string; comment: string; author: PersonName }[];
}

/** Someone asking to join: a trial request or a place on the waiting list. */
interface Applicant {
  guid: string;
  dateAdded?: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  gender?: Gender;
  email?: string;
}

export interface TrialRequest extends Applicant {
  swimmingExperience?: string;
}

export interface WaitingListPerson extends Applicant {
  homePhone?: string;
  mobilePhone?: string;
  previousExperience?: string;
  notes?: string;
}
