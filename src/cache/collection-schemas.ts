import { z } from 'zod';
import type {
  ClubEvent,
  ClubSession,
  Incident,
  Meet,
  Member,
  NamedMembership,
  TrialRequest,
  WaitingListPerson,
  WhosWhoCategory,
} from '../club/domain.js';
import { cacheKey } from './cache-key.js';

// Each schema is typed by its domain type, so the compiler says when the two part.
const text = z.string();
const maybe = z.string().optional();
const gender = z.enum(['M', 'F']).optional();

const memberSchema: z.ZodType<Member> = z.object({
  guid: text,
  memberId: maybe,
  firstName: text,
  knownAs: maybe,
  lastName: text,
  email: maybe,
  mobilePhone: maybe,
  homePhone: maybe,
  dateOfBirth: maybe,
  gender,
  primaryContactName: maybe,
  relationshipToMember: maybe,
  address: z.array(text),
  town: maybe,
  county: maybe,
  postcode: maybe,
  emergencyContacts: z.array(z.object({ name: text, phone: text })),
  active: z.boolean(),
  isSwimmer: z.boolean(),
  isVolunteer: z.boolean(),
  isCoach: z.boolean(),
  isParent: z.boolean(),
  isCommitteeMember: z.boolean(),
  inWhosWho: z.boolean(),
  asaNumber: maybe,
  asaCategory: maybe,
  jobTitle: maybe,
  detailsConfirmed: maybe,
  parents: z.array(text),
  swimmers: z.array(text),
  hasDbsDate: z.boolean(),
  dbsRenewalDate: maybe,
  safeguardingRenewalDate: maybe,
  consents: z.object({ imageUse: z.boolean(), videoUse: z.boolean(), travel: z.boolean() }),
});

const attendance = z.object({ guid: text, lastAttended: maybe });

const sessionSchema: z.ZodType<ClubSession> = z.object({
  guid: text,
  name: text,
  weekday: z
    .enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    .optional(),
  startTime: maybe,
  endTime: maybe,
  location: maybe,
  maxMembers: z.number().optional(),
  fee: z.number().optional(),
  archived: z.boolean(),
  noSessionDates: z.array(text),
  coaches: z.array(attendance),
  members: z.array(attendance),
});

const whosWhoSchema: z.ZodType<WhosWhoCategory> = z.object({
  category: text,
  members: z.array(z.object({ firstName: text, knownAs: maybe, lastName: text, notes: maybe })),
});

const membershipSchema: z.ZodType<NamedMembership> = z.object({
  guid: text,
  name: text,
  members: z.array(text),
  maxMembers: z.number().optional(),
});

const eventSchema: z.ZodType<ClubEvent> = z.object({
  guid: text,
  title: text,
  details: maybe,
  startDate: text,
  startTime: maybe,
  endDate: maybe,
  endTime: maybe,
  venue: maybe,
  pool: maybe,
  fee: z.number().optional(),
  entryCloseDate: maybe,
});

const meetSchema: z.ZodType<Meet> = z.object({
  guid: text,
  name: text,
  facility: maybe,
  type: maybe,
  startDate: text,
  endDate: maybe,
  entryOpenDate: maybe,
  entryDeadline: maybe,
  city: maybe,
});

const personName = z.object({ guid: maybe, firstName: text, knownAs: maybe, lastName: text });

const incidentSchema: z.ZodType<Incident> = z.object({
  guid: text,
  title: text,
  date: text,
  status: text,
  details: maybe,
  proposedAction: maybe,
  addedBy: z.array(personName),
  comments: z.array(z.object({ dateAdded: maybe, comment: text, author: personName })),
});

const applicant = {
  guid: text,
  dateAdded: maybe,
  firstName: text,
  lastName: text,
  dateOfBirth: maybe,
  gender,
  email: maybe,
};

const trialRequestSchema: z.ZodType<TrialRequest> = z.object({
  ...applicant,
  swimmingExperience: maybe,
});

const waitingListSchema: z.ZodType<WaitingListPerson> = z.object({
  ...applicant,
  homePhone: maybe,
  mobilePhone: maybe,
  previousExperience: maybe,
  notes: maybe,
});

/**
 * Each cached collection's key, with what it holds, parsed on read: Redis is untrusted, and an
 * entry cached by an earlier release (a `Member` without `consents`) is then absent, and reloaded.
 */
export const collectionKeys = {
  members: cacheKey('members', z.array(memberSchema)),
  sessions: cacheKey('sessions', z.array(sessionSchema)),
  whosWho: cacheKey('whosWho', z.array(whosWhoSchema)),
  groups: cacheKey('groups', z.array(membershipSchema)),
  roles: cacheKey('roles', z.array(membershipSchema)),
  events: cacheKey('events', z.array(eventSchema)),
  meets: cacheKey('meets', z.array(meetSchema)),
  incidents: cacheKey('incidents', z.array(incidentSchema)),
  trialRequests: cacheKey('trialRequests', z.array(trialRequestSchema)),
  waitingList: cacheKey('waitingList', z.array(waitingListSchema)),
};
