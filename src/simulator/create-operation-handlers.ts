import type { operations } from '../club/generated/club-service.js';
import { itemHandler, listHandler, whosWhoHandler } from './read-handlers.js';
import type { Reply } from './reply.js';
import type { WireRecord } from './simulator-collections.js';
import type { SimulatorContext } from './simulator-context.js';
import { archiveUserHandler, createHandler, updateHandler } from './write-handlers.js';

/** The operationIds of the document (from the generated types, so a new one fails to compile). */
export type OperationId = keyof operations;

/** One request, as the pipeline hands it to an operation. */
export interface OperationRequest {
  params: Record<string, string>;
  /** The page a collection GET asked for (1 when it did not say). */
  page: number;
  /** A write's body, already valid against the document; `{}` for reads. */
  body: WireRecord;
}

export type OperationHandler = (request: OperationRequest) => Reply;

/** Every operation of the document, served from the store. */
export function createOperationHandlers(
  context: SimulatorContext,
): Record<OperationId, OperationHandler> {
  return {
    listClubEvents: listHandler(context, 'ClubEvents'),
    createClubEvent: createHandler(context, 'ClubEvents'),
    getClubEvent: itemHandler(context, 'ClubEvents'),
    listMeets: listHandler(context, 'Meets'),
    getMeet: itemHandler(context, 'Meets'),
    listIncidents: listHandler(context, 'IncidentBook'),
    createIncident: createHandler(context, 'IncidentBook'),
    getIncident: itemHandler(context, 'IncidentBook'),
    listTrialRequests: listHandler(context, 'TrialRequests'),
    createTrialRequest: createHandler(context, 'TrialRequests'),
    getTrialRequest: itemHandler(context, 'TrialRequests'),
    listUsers: listHandler(context, 'Users'),
    createUser: createHandler(context, 'Users'),
    getUser: itemHandler(context, 'Users'),
    updateUser: updateHandler(context, 'Users'),
    updateUserByBodyGuid: updateHandler(context, 'Users'),
    archiveUser: archiveUserHandler(context),
    listCommitteeMembers: listHandler(context, 'CommitteeMembers'),
    getWhosWho: whosWhoHandler(context),
    listWaitingList: listHandler(context, 'WaitingList'),
    addWaitingListPerson: createHandler(context, 'WaitingList'),
    getWaitingListPerson: itemHandler(context, 'WaitingList'),
    listClubSessions: listHandler(context, 'ClubSessions'),
    getClubSession: itemHandler(context, 'ClubSessions'),
    listClubGroups: listHandler(context, 'ClubGroups'),
    getClubGroup: itemHandler(context, 'ClubGroups'),
    listClubRoles: listHandler(context, 'ClubRoles'),
    getClubRole: itemHandler(context, 'ClubRoles'),
    listEmailLists: listHandler(context, 'EmailLists'),
    createEmailList: createHandler(context, 'EmailLists'),
    getEmailList: itemHandler(context, 'EmailLists'),
    updateEmailList: updateHandler(context, 'EmailLists'),
    updateEmailListByBodyGuid: updateHandler(context, 'EmailLists'),
  };
}
