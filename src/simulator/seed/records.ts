import { weekdays } from '../../club/domain.js';

/**
 * The seeded club's records in the club service's wire shape: the field names, types and enums of
 * `club-service-spec.md`, letter for letter, so the simulator can serve them as they are.
 *
 * Conventions (the same as `openapi/club-service.yaml`):
 * - an optional field that is empty is absent (never `null`, never `""`); `Password` is the one
 *   exception, always `""`, because the spec says it is always returned blank;
 * - dates are `yyyy-mm-dd`, times are `HH:mm`, flags are the integers 1 and 0;
 * - strings are at most 50 characters, except notes and health text (4000) and
 *   `SwimsForOtherClub` (100).
 */

/** A date, `yyyy-mm-dd`. */
export type IsoDate = string;
/** A time of day on the 24-hour clock, `HH:mm`. */
export type ClockTime = string;
/** A flag: 1 (yes) or 0 (no). */
export type Flag = 0 | 1;
export type Gender = 'M' | 'F';

/** The days of the week, as the spec writes them (the bot's own list). */
export const WEEK_DAYS = weekdays;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const CALENDAR_COLOURS = ['0', 'B', 'G', 'O', 'R', 'Y', 'Pu', 'Gr', 'Pi', 'N', 'T'] as const;
export type CalendarColour = (typeof CALENDAR_COLOURS)[number];

export const POOLS = ['20m', '25m', '33m', '50m', 'OW'] as const;
export type Pool = (typeof POOLS)[number];

export const MEET_TYPES = ['Open Meet', 'Team Gala', 'Club Champs', 'Turn Up and Swim'] as const;
export type MeetType = (typeof MEET_TYPES)[number];

export const INCIDENT_STATUSES = ['Open', 'In Progress', 'On Hold', 'Closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** A member attending a session, as a coach or a swimmer. */
export interface SeedSessionAttendee {
  Guid: string;
  LastAttended: IsoDate;
}

/** A weekly training session (`/api/ClubSessions`). */
export interface SeedClubSession {
  Guid: string;
  SessionName: string;
  WeekDay: WeekDay;
  StartTime: ClockTime;
  EndTime: ClockTime;
  SessionFee: number;
  /** Dates on which the session does not run. */
  NoSessionDates: IsoDate[];
  /** Absent on a session with no limit set. */
  MaxMembers?: number;
  SessionLocation: string;
  Archived: Flag;
  Coaches: SeedSessionAttendee[];
  Members: SeedSessionAttendee[];
}

/** A reference to a member. */
export interface SeedMemberRef {
  Guid: string;
}

/** A group, here a squad (`/api/ClubGroups`). */
export interface SeedClubGroup {
  Guid: string;
  GroupName: string;
  MaxMembers: number;
  /** A decimal written as a string, as in the spec's sample ("28.00"). */
  GroupFee: string;
  Members: SeedMemberRef[];
}

/** A role held by members (`/api/ClubRoles`). */
export interface SeedClubRole {
  Guid: string;
  RoleName: string;
  Members: SeedMemberRef[];
}

/** An email list (`/api/EmailLists`). */
export interface SeedEmailList {
  Guid: string;
  ListName: string;
  Members: SeedMemberRef[];
}

/** A person listed in a who's who category. */
export interface SeedWhosWhoMember {
  Firstname: string;
  Lastname: string;
  KnownAs?: string;
  Notes: string;
}

/** The club's who's who (`/api/WhosWho`): one object, no Guid. */
export interface SeedWhosWho {
  Categories: { Category: string; Members: SeedWhosWhoMember[] }[];
}

/** A swim time record; the spec shows only these two fields. */
export interface SeedSwimTime {
  /** minutes:seconds.hundredths, e.g. "1:05.32". */
  Time: string;
  /** e.g. "100". */
  Distance: string;
}

/** A club event (`/api/ClubEvents`). */
export interface SeedClubEvent {
  Guid: string;
  EventTitle: string;
  /** Max 4000. */
  EventDetails?: string;
  EventStartDate: IsoDate;
  EventStartTime: ClockTime;
  EventEndDate: IsoDate;
  EventEndTime: ClockTime;
  BusProvided: Flag;
  BusSeats?: number;
  BusDepartureDate?: IsoDate;
  BusDepartureTime?: ClockTime;
  CalendarColour: CalendarColour;
  EventVenue: string;
  Address1?: string;
  Address2?: string;
  Address3?: string;
  Address4?: string;
  Postcode?: string;
  /** Fee per event for swimmers. */
  Fee: number;
  /** Fee per relay event for swimmers. */
  RelayFee?: number;
  Pool: Pool;
  AgeOnDate?: IsoDate;
  MeetCode?: string;
  SessionNumber?: string;
  LicenceNumber?: string;
  /** Always before EventStartDate. */
  EntryCloseDate: IsoDate;
  SwimTimes: SeedSwimTime[];
}

/** A swimming meet (`/api/Meets`, read only). */
export interface SeedMeet {
  Guid: string;
  MeetName: string;
  Facility: string;
  Type: MeetType;
  StartDate: IsoDate;
  EndDate: IsoDate;
  AgeUpDate: IsoDate;
  EligibilityDate: IsoDate;
  EntryOpenDate: IsoDate;
  /** Always before StartDate. */
  EntryDeadline: IsoDate;
  Street?: string;
  Address2?: string;
  City: string;
  County?: string;
  PostCode?: string;
  Country?: string;
  SwimTimesAdded: Flag;
  SwimTimesVerified: Flag;
  SwimTimes: SeedSwimTime[];
}

/** The member that added an incident, as the service returns it. */
export interface SeedIncidentAuthor {
  Guid: string;
  Firstname: string;
  KnownAs?: string;
  Lastname: string;
}

/** A comment on an incident (read only). */
export interface SeedIncidentComment {
  DateAdded: IsoDate;
  Comment: string;
  Firstname: string;
  KnownAs?: string;
  Lastname: string;
}

/** An entry in the club incident book (`/api/IncidentBook`). */
export interface SeedIncident {
  Guid: string;
  IncidentTitle: string;
  IncidentDate: IsoDate;
  /** Max 4000. */
  IncidentDetails?: string;
  /** Max 4000. */
  ProposedAction?: string;
  Status: IncidentStatus;
  AddedBy: SeedIncidentAuthor[];
  Comments: SeedIncidentComment[];
}

/**
 * A request for a trial session (`/api/TrialRequests`). The spec's table names FirstName and
 * LastName (its sample returns Firstname and Lastname); the table's names are used here.
 */
export interface SeedTrialRequest {
  Guid: string;
  DateAdded: IsoDate;
  FirstName: string;
  LastName: string;
  Dob: IsoDate;
  Gender: Gender;
  Email?: string;
  /** Max 4000. */
  SwimmingExperience?: string;
}

/** A person on the waiting list (`/api/WaitingList`). */
export interface SeedWaitingListPerson {
  Guid: string;
  DateAdded: IsoDate;
  Firstname: string;
  Lastname: string;
  DOB?: IsoDate;
  Gender?: Gender;
  Email?: string;
  Address1?: string;
  Address2?: string;
  Address3?: string;
  Town?: string;
  County?: string;
  Postcode?: string;
  HomePhone?: string;
  MobilePhone?: string;
  /** Max 4000. */
  PreviousExperience?: string;
  /** Max 4000. */
  Notes?: string;
  DateLastEmailed?: IsoDate;
  DateConvertedToMember?: IsoDate;
}
