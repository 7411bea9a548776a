import type {
  ClubEventDraft,
  IncidentDraft,
  TrialRequestDraft,
  WaitingListDraft,
} from '../club/drafts.js';
import type { ClubApi } from '../club/club-api.js';

/*
 * Looking for a record filed before (an attempt whose answer was lost, or one that Redis, restored
 * from an older backup, has forgotten). The spec has no client reference field, so the marker is
 * the record itself: it matches when every field the person gave, and the day, are the same.
 */

const same = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim() === (b ?? '').trim();

const sameDay = (a: string, b: string | undefined) => a.slice(0, 10) === (b ?? '').slice(0, 10);

export async function findFiledIncident(
  api: ClubApi,
  draft: IncidentDraft,
): Promise<string | undefined> {
  const incidents = await api.listIncidents();
  return incidents.find(
    (incident) =>
      same(incident.title, draft.title) &&
      same(incident.date, draft.date) &&
      same(incident.details, draft.details) &&
      same(incident.proposedAction, draft.proposedAction) &&
      incident.addedBy.some((author) => author.guid === draft.reporterGuid),
  )?.guid;
}

export async function findFiledTrialRequest(
  api: ClubApi,
  draft: TrialRequestDraft,
): Promise<string | undefined> {
  const requests = await api.listTrialRequests();
  return requests.find(
    (request) =>
      same(request.firstName, draft.firstName) &&
      same(request.lastName, draft.lastName) &&
      same(request.dateOfBirth, draft.dateOfBirth) &&
      same(request.email, draft.email) &&
      // The same child asked for again another day is a new request (a service that keeps no date is believed).
      (!request.dateAdded || sameDay(request.dateAdded, draft.dateAdded)),
  )?.guid;
}

export async function findFiledWaitingListPerson(
  api: ClubApi,
  draft: WaitingListDraft,
): Promise<string | undefined> {
  const people = await api.listWaitingList();
  return people.find(
    (person) =>
      same(person.firstName, draft.firstName) &&
      same(person.lastName, draft.lastName) &&
      same(person.dateOfBirth, draft.dateOfBirth) &&
      same(person.dateAdded, draft.dateAdded),
  )?.guid;
}

export async function findFiledEvent(
  api: ClubApi,
  draft: ClubEventDraft,
): Promise<string | undefined> {
  const events = await api.listEvents();
  return events.find(
    (event) =>
      same(event.title, draft.title) &&
      same(event.startDate, draft.startDate) &&
      same(event.startTime, draft.startTime) &&
      same(event.endDate, draft.endDate) &&
      same(event.endTime, draft.endTime) &&
      same(event.venue, draft.venue),
  )?.guid;
}
