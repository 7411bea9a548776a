import type {
  Attendance,
  ClubEvent,
  ClubSession,
  Incident,
  Meet,
  Member,
  MemberSensitive,
  NamedMembership,
  PersonName,
  TrialRequest,
  WaitingListPerson,
  Weekday,
  WhosWhoCategory,
} from './domain.js';
import { weekdays } from './domain.js';
import {
  date,
  flag,
  gender,
  guids,
  isWireRecord,
  numeric,
  records,
  text,
  type WireRecord,
} from './wire-fields.js';

/** Thrown when a record lacks what makes it usable (a Guid, a name); the caller skips it. */
export class UndecodableRecordError extends Error {}

function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new UndecodableRecordError(`a record without ${what}`);
  return value;
}

const firstNames = ['Firstname', 'FirstName', 'firstname', 'firstName'];
const lastNames = ['Lastname', 'LastName', 'lastname', 'lastName'];

function personName(record: WireRecord): PersonName {
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
    // A record without Active is taken as active: the spec does not require the field.
    active: record.Active === undefined || record.Active === null ? true : flag(record, 'Active'),
    isSwimmer: flag(record, 'IsASwimmer'),
    isVolunteer: flag(record, 'IsAVolunteer'),
    isCoach: flag(record, 'IsACoach'),
    isParent: flag(record, 'IsAParent'),
    isCommitteeMember: flag(record, 'CommitteeMember'),
    inWhosWho: flag(record, 'InWhosWho'),
    asaNumber: text(record, 'ASANumber', 'AsaNumber'),
    asaCategory: text(record, 'AsaCategory', 'ASACategory'),
    jobTitle: text(record, 'JobTitle'),
    parents: guids(record, 'Parents'),
    swimmers: guids(record, 'Swimmers'),
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

const weekdayAliases: Record<string, Weekday> = {
  weds: 'Wednesday',
  thur: 'Thursday',
  thurs: 'Thursday',
};

/**
 * Reads a weekday from "Tuesday", "tue", "Tues", "TUESDAYS", "weds" or a number
 * (1 = Monday … 7 = Sunday); undefined when it names no day or could name two ("t", "s").
 */
export function readWeekday(value: string | undefined): Weekday | undefined {
  if (value === undefined) return undefined;
  const word = value.trim().toLowerCase().replace(/\.$/, '');
  if (/^[1-7]$/.test(word)) return weekdays[Number(word) - 1];
  const alias = weekdayAliases[word];
  if (alias) return alias;
  const singular = word.endsWith('days') ? word.slice(0, -1) : word;
  const matches = weekdays.filter(
    (day) => word.length >= 2 && day.toLowerCase().startsWith(singular),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

function attendance(list: WireRecord[]): Attendance[] {
  return list.flatMap((item) => {
    const guid = text(item, 'Guid');
    return guid ? [{ guid, lastAttended: date(item, 'LastAttended') }] : [];
  });
}

function dateList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value.trim() !== '')
    return value.split(',').map((v) => v.trim());
  return [];
}

export function decodeSession(record: WireRecord): ClubSession {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    name: text(record, 'SessionName', 'Name') ?? 'Unnamed session',
    weekday: readWeekday(text(record, 'WeekDay', 'Weekday')),
    startTime: text(record, 'StartTime'),
    endTime: text(record, 'EndTime'),
    location: text(record, 'SessionLocation', 'Location'),
    maxMembers: numeric(record, 'MaxMembers'),
    fee: numeric(record, 'SessionFee'),
    archived: flag(record, 'Archived'),
    noSessionDates: dateList(record.NoSessionDates),
    coaches: attendance(records(record, 'Coaches')),
    members: attendance(records(record, 'Members')),
  };
}

function namedMembership(record: WireRecord, nameKey: string): NamedMembership {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    name: text(record, nameKey) ?? '',
    members: guids(record, 'Members'),
    maxMembers: numeric(record, 'MaxMembers'),
  };
}

export const decodeGroup = (record: WireRecord) => namedMembership(record, 'GroupName');
export const decodeRole = (record: WireRecord) => namedMembership(record, 'RoleName');
export const decodeEmailList = (record: WireRecord) => namedMembership(record, 'ListName');

/** Who's who: the `Categories` shape, in a list of one or on its own. */
export function decodeWhosWho(body: unknown): WhosWhoCategory[] {
  const containers = Array.isArray(body)
    ? body.filter(isWireRecord)
    : isWireRecord(body)
      ? [body]
      : [];
  return containers.flatMap((container) =>
    records(container, 'Categories', 'categories').map((category) => ({
      category: text(category, 'Category', 'Name') ?? 'Other',
      members: records(category, 'Members').map((member) => {
        const name = personName(member);
        return {
          firstName: name.firstName,
          knownAs: name.knownAs,
          lastName: name.lastName,
          notes: text(member, 'Notes'),
        };
      }),
    })),
  );
}

export function decodeEvent(record: WireRecord): ClubEvent {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    title: text(record, 'EventTitle') ?? 'Untitled event',
    details: text(record, 'EventDetails'),
    startDate: required(date(record, 'EventStartDate'), 'a start date'),
    startTime: text(record, 'EventStartTime'),
    endDate: date(record, 'EventEndDate'),
    endTime: text(record, 'EventEndTime'),
    venue: text(record, 'EventVenue'),
    pool: text(record, 'Pool'),
    fee: numeric(record, 'Fee'),
    entryCloseDate: date(record, 'EntryCloseDate'),
  };
}

export function decodeMeet(record: WireRecord): Meet {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    name: text(record, 'MeetName') ?? 'Unnamed meet',
    facility: text(record, 'Facility'),
    type: text(record, 'Type'),
    startDate: required(date(record, 'StartDate'), 'a start date'),
    endDate: date(record, 'EndDate'),
    entryOpenDate: date(record, 'EntryOpenDate'),
    entryDeadline: date(record, 'EntryDeadline'),
    city: text(record, 'City'),
  };
}

export function decodeIncident(record: WireRecord): Incident {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    title: text(record, 'IncidentTitle') ?? '',
    date: date(record, 'IncidentDate') ?? '',
    status: text(record, 'Status') ?? 'Open',
    details: text(record, 'IncidentDetails'),
    proposedAction: text(record, 'ProposedAction'),
    addedBy: records(record, 'AddedBy').map(personName),
    comments: records(record, 'Comments').map((comment) => ({
      dateAdded: date(comment, 'DateAdded'),
      comment: text(comment, 'Comment') ?? '',
      author: personName(comment),
    })),
  };
}

export function decodeTrialRequest(record: WireRecord): TrialRequest {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    dateAdded: date(record, 'DateAdded'),
    firstName: text(record, ...firstNames) ?? '',
    lastName: text(record, ...lastNames) ?? '',
    dateOfBirth: date(record, 'Dob', 'DOB'),
    gender: gender(record),
    email: text(record, 'Email'),
    swimmingExperience: text(record, 'SwimmingExperience'),
  };
}

export function decodeWaitingListPerson(record: WireRecord): WaitingListPerson {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    dateAdded: date(record, 'DateAdded'),
    firstName: text(record, ...firstNames) ?? '',
    lastName: text(record, ...lastNames) ?? '',
    dateOfBirth: date(record, 'DOB', 'Dob'),
    gender: gender(record),
    email: text(record, 'Email'),
    homePhone: text(record, 'HomePhone'),
    mobilePhone: text(record, 'MobilePhone'),
    previousExperience: text(record, 'PreviousExperience'),
    notes: text(record, 'Notes'),
  };
}

/** Decodes every usable record of a page, skipping (and counting) the ones that are not. */
export function decodeAll<T>(
  items: unknown[],
  decode: (record: WireRecord) => T,
): { values: T[]; skipped: number } {
  const values: T[] = [];
  let skipped = 0;
  for (const item of items) {
    if (!isWireRecord(item)) {
      skipped += 1;
      continue;
    }
    try {
      values.push(decode(item));
    } catch (error) {
      if (!(error instanceof UndecodableRecordError)) throw error;
      skipped += 1;
    }
  }
  return { values, skipped };
}
