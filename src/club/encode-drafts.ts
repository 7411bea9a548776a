import type {
  ClubEventDraft,
  EmailListDraft,
  IncidentDraft,
  TrialRequestDraft,
  WaitingListDraft,
} from './drafts.js';
import type { components } from './generated/club-service.js';

type Schemas = components['schemas'];

/** Drops empty optional fields, so the body carries only what the person gave. */
function compact<T extends object>(body: T): T {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}

/**
 * The incident as the spec names it. AddedBy's POST shape is "not shown" in the spec: we send the
 * shape GET returns, a list of one member with their Guid (openapi/club-service.yaml says so).
 */
export function encodeIncident(draft: IncidentDraft): Schemas['Incident'] {
  return compact({
    IncidentTitle: draft.title,
    IncidentDate: draft.date,
    Status: draft.status,
    IncidentDetails: draft.details,
    ProposedAction: draft.proposedAction,
    AddedBy: [{ Guid: draft.reporterGuid }],
  } as Schemas['Incident']);
}

export function encodeTrialRequest(draft: TrialRequestDraft): Schemas['TrialRequest'] {
  return compact({
    FirstName: draft.firstName,
    LastName: draft.lastName,
    Dob: draft.dateOfBirth,
    Gender: draft.gender,
    Email: draft.email,
    SwimmingExperience: draft.swimmingExperience,
    DateAdded: draft.dateAdded,
  } as Schemas['TrialRequest']);
}

export function encodeWaitingListPerson(draft: WaitingListDraft): Schemas['WaitingListPerson'] {
  return compact({
    DateAdded: draft.dateAdded,
    Firstname: draft.firstName,
    Lastname: draft.lastName,
    DOB: draft.dateOfBirth,
    Gender: draft.gender,
    Email: draft.email,
    MobilePhone: draft.mobilePhone,
    PreviousExperience: draft.previousExperience,
    Notes: draft.notes,
  } as Schemas['WaitingListPerson']);
}

export function encodeClubEvent(draft: ClubEventDraft): Schemas['ClubEvent'] {
  return compact({
    EventTitle: draft.title,
    EventStartDate: draft.startDate,
    EventStartTime: draft.startTime,
    EventEndDate: draft.endDate,
    EventEndTime: draft.endTime,
    EventVenue: draft.venue,
    Fee: draft.fee,
    EntryCloseDate: draft.entryCloseDate,
  } as Schemas['ClubEvent']);
}

/** The whole list: an update replaces its members, so the body always carries all of them. */
export function encodeEmailList(draft: EmailListDraft): Schemas['EmailList'] {
  return { ListName: draft.name, Members: draft.members.map((guid) => ({ Guid: guid })) };
}
