import type { Gender, IncidentStatus, NamedMembership } from './domain.js';

/** What the bot files in the club service: one draft per form, encoded by encode-drafts.ts. */

/** What a person files through `/incident new`. */
export interface IncidentDraft {
  title: string;
  date: string;
  status: IncidentStatus;
  details?: string;
  proposedAction?: string;
  /** The Guid of the club member who reports it. */
  reporterGuid: string;
}

export interface TrialRequestDraft {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender?: Gender;
  email?: string;
  swimmingExperience?: string;
  dateAdded?: string;
}

export interface WaitingListDraft {
  dateAdded: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  gender?: Gender;
  email?: string;
  mobilePhone?: string;
  previousExperience?: string;
  notes?: string;
}

/** What `/event new` files: the spec's required start and end, and what a volunteer adds. */
export interface ClubEventDraft {
  title: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  venue?: string;
  /** Pounds, e.g. 12.5. */
  fee?: number;
  entryCloseDate?: string;
}

/** An email list as `/emaillist from` files it: a name and the Guids it holds. */
export type EmailListDraft = Pick<NamedMembership, 'name' | 'members'>;
