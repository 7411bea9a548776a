import type {
  Attendance,
  ClubEvent,
  ClubSession,
  Incident,
  Meet,
  NamedMembership,
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
  required,
  UndecodableRecordError,
  text,
  type WireRecord,
} from './wire-fields.js';
import { firstNames, lastNames, personName } from './decode-member.js';

// A Map, not an object: a typed "constructor" must not find Object's own properties.
const weekdayAliases: ReadonlyMap<string, Weekday> = new Map([
  ['weds', 'Wednesday'],
  ['thur', 'Thursday'],
  ['thurs', 'Thursday'],
]);

/**
 * Reads a weekday from "Tuesday", "tue", "Tues", "TUESDAYS", "weds" or a number
 * (1 = Monday … 7 = Sunday); undefined when it names no day or could name two ("t", "s").
 */
export function readWeekday(value: string | undefined): Weekday | undefined {
  if (value === undefined) return undefined;
  const word = value.trim().toLowerCase().replace(/\.$/, '');
  if (/^[1-7]$/.test(word)) return weekdays[Number(word) - 1];
  const alias = weekdayAliases.get(word);
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
