import {
  ClubError,
  ClubServiceFaultError,
  errorForStatus,
  serviceMessageOf,
  bodyTraceOf,
} from './club-errors.js';
import { beyondSpecCollections, collections } from './collections.js';
import type { ClubHttpClient } from './create-club-client.js';
import {
  decodeAll,
  decodeEmailList,
  decodeEvent,
  decodeGroup,
  decodeIncident,
  decodeMeet,
  decodeRole,
  decodeSession,
  decodeTrialRequest,
  decodeWaitingListPerson,
  decodeWhosWho,
} from './decode-records.js';
import { decodeFreshMember, decodeMember } from './decode-member.js';
import type { FreshMember } from './fresh-member.js';
import type { CodeOfConduct, CodeOfConductSummary } from './code-of-conduct.js';
import { decodeCodeOfConduct, decodeCodeOfConductSummary } from './decode-code-of-conduct.js';
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
} from './domain.js';
import type * as Drafts from './drafts.js';
import {
  encodeClubEvent,
  encodeEmailList,
  encodeIncident,
  encodeTrialRequest,
  encodeWaitingListPerson,
} from './encode-drafts.js';
import { readAllPages, unwrapPage } from './read-pages.js';
import { isWireRecord, type WireRecord } from './wire-fields.js';

/**
 * The club service in domain terms: every read decodes the drifting wire format into clean types,
 * every write sends the spec's names and 1/0 flags. Every failure is a {@link ClubError}.
 */
export interface ClubApi {
  listMembers(): Promise<Member[]>;
  /** One member with the special-category fields, read per request (never cached). */
  getMemberWithSensitive(guid: string): Promise<FreshMember>;
  /** The first `pages` pages of members with the special-category fields (never cached). */
  listFreshMembers(pages: number): Promise<FreshMember[]>;
  listSessions(): Promise<ClubSession[]>;
  getWhosWho(): Promise<WhosWhoCategory[]>;
  listGroups(): Promise<NamedMembership[]>;
  listRoles(): Promise<NamedMembership[]>;
  /** Email lists; a list may name someone who is no member (`membersOf` skips them). */
  listEmailLists(): Promise<NamedMembership[]>;
  listEvents(): Promise<ClubEvent[]>;
  listMeets(): Promise<Meet[]>;
  listIncidents(): Promise<Incident[]>;
  /** One incident with its details and comments, read per request (never cached). */
  getIncident(guid: string): Promise<Incident>;
  listTrialRequests(): Promise<TrialRequest[]>;
  listWaitingList(): Promise<WaitingListPerson[]>;
  fileIncident(draft: Drafts.IncidentDraft): Promise<Incident>;
  fileTrialRequest(draft: Drafts.TrialRequestDraft): Promise<TrialRequest>;
  addToWaitingList(draft: Drafts.WaitingListDraft): Promise<WaitingListPerson>;
  fileEvent(draft: Drafts.ClubEventDraft): Promise<ClubEvent>;
  /** Creates an email list; {@link updateEmailList} replaces the members of one that exists. */
  createEmailList(draft: Drafts.EmailListDraft): Promise<NamedMembership>;
  updateEmailList(guid: string, draft: Drafts.EmailListDraft): Promise<NamedMembership>;
  /**
   * The codes of conduct (beyond the spec: a host without them answers 404, a ClubNotFoundError),
   * one list, not paged; each code's members are read with {@link getCodeOfConduct}.
   */
  listCodesOfConduct(): Promise<CodeOfConductSummary[]>;
  /** One code of conduct with the members who agreed it. */
  getCodeOfConduct(guid: string): Promise<CodeOfConduct>;
}

type Answer = { data?: unknown; error?: unknown; response: Response };

export function createClubApi(client: ClubHttpClient, options: { token?: string } = {}): ClubApi {
  /** Runs one call and turns every failure into a typed error whose text never holds the token. */
  async function call(path: string, send: () => Promise<Answer>): Promise<unknown> {
    let answer: Answer;
    try {
      answer = await send();
    } catch (error) {
      if (error instanceof ClubError || !(error instanceof SyntaxError)) throw error;
      throw new ClubServiceFaultError(
        'The club service sent an answer that is not JSON.',
        undefined,
        '',
        { cause: error },
      );
    }
    const { response } = answer;
    if (response.ok) return answer.data;
    const message = scrub(serviceMessageOf(answer.error), options.token);
    throw errorForStatus(response.status, path, message, bodyTraceOf(answer.error ?? ''));
  }

  async function list<T>(
    path: string,
    send: (page: number) => Promise<Answer>,
    decode: (r: WireRecord) => T,
    lastPage?: number,
  ) {
    const items = await readAllPages((page) => call(path, () => send(page)), { lastPage });
    return decodeAll(items, decode).values;
  }

  const page = (n: number) => ({ params: { query: { Page: n }, header: { Page: n } } });
  const users = (n: number) => client.GET(collections.users, page(n));

  /** The record of an item GET (a list of one is tolerated); an empty answer is an absent record. */
  function one(path: string, body: unknown): WireRecord {
    const record = Array.isArray(body) ? body[0] : body;
    if (!isWireRecord(record)) throw errorForStatus(404, path, 'empty answer');
    return record;
  }

  async function created<T>(path: string, body: unknown, decode: (r: WireRecord) => T): Promise<T> {
    const record = Array.isArray(body) ? body[0] : body;
    if (!isWireRecord(record))
      throw new ClubServiceFaultError(
        `The club service answered ${path} with no record.`,
        undefined,
      );
    return decode(record);
  }

  return {
    listMembers: () => list(collections.users, users, decodeMember),
    async getMemberWithSensitive(guid) {
      const path = `${collections.users}/{guid}` as const;
      const body = await call(path, () => client.GET(path, { params: { path: { guid } } }));
      return decodeFreshMember(one(path, body));
    },
    listFreshMembers: (pages) => list(collections.users, users, decodeFreshMember, pages),
    listSessions: () =>
      list(collections.sessions, (n) => client.GET(collections.sessions, page(n)), decodeSession),
    async getWhosWho() {
      return decodeWhosWho(await call(collections.whosWho, () => client.GET(collections.whosWho)));
    },
    listGroups: () =>
      list(collections.groups, (n) => client.GET(collections.groups, page(n)), decodeGroup),
    listRoles: () =>
      list(collections.roles, (n) => client.GET(collections.roles, page(n)), decodeRole),
    listEmailLists: () =>
      list(
        collections.emailLists,
        (n) => client.GET(collections.emailLists, page(n)),
        decodeEmailList,
      ),
    listEvents: () =>
      list(collections.events, (n) => client.GET(collections.events, page(n)), decodeEvent),
    listMeets: () =>
      list(collections.meets, (n) => client.GET(collections.meets, page(n)), decodeMeet),
    listIncidents: () =>
      list(
        collections.incidents,
        (n) => client.GET(collections.incidents, page(n)),
        decodeIncident,
      ),
    async getIncident(guid) {
      const path = `${collections.incidents}/{guid}` as const;
      const body = await call(path, () => client.GET(path, { params: { path: { guid } } }));
      return decodeIncident(one(path, body));
    },
    listTrialRequests: () =>
      list(
        collections.trialRequests,
        (n) => client.GET(collections.trialRequests, page(n)),
        decodeTrialRequest,
      ),
    listWaitingList: () =>
      list(
        collections.waitingList,
        (n) => client.GET(collections.waitingList, page(n)),
        decodeWaitingListPerson,
      ),
    async listCodesOfConduct() {
      const path = beyondSpecCollections.codeOfConduct;
      const body = await call(path, () => client.GET(path));
      return decodeAll(unwrapPage(body), decodeCodeOfConductSummary).values;
    },
    async getCodeOfConduct(guid) {
      const path = `${beyondSpecCollections.codeOfConduct}/{guid}` as const;
      const body = await call(path, () => client.GET(path, { params: { path: { guid } } }));
      return decodeCodeOfConduct(one(path, body));
    },
    async fileIncident(draft) {
      const body = await call(collections.incidents, () =>
        client.POST(collections.incidents, { body: encodeIncident(draft) }),
      );
      return created(collections.incidents, body, decodeIncident);
    },
    async fileTrialRequest(draft) {
      const body = await call(collections.trialRequests, () =>
        client.POST(collections.trialRequests, { body: encodeTrialRequest(draft) }),
      );
      return created(collections.trialRequests, body, decodeTrialRequest);
    },
    async addToWaitingList(draft) {
      const body = await call(collections.waitingList, () =>
        client.POST(collections.waitingList, { body: encodeWaitingListPerson(draft) }),
      );
      return created(collections.waitingList, body, decodeWaitingListPerson);
    },
    async fileEvent(draft) {
      const body = await call(collections.events, () =>
        client.POST(collections.events, { body: encodeClubEvent(draft) }),
      );
      return created(collections.events, body, decodeEvent);
    },
    async createEmailList(draft) {
      const body = await call(collections.emailLists, () =>
        client.POST(collections.emailLists, { body: encodeEmailList(draft) }),
      );
      return created(collections.emailLists, body, decodeEmailList);
    },
    async updateEmailList(guid, draft) {
      const path = `${collections.emailLists}/{guid}` as const;
      const body = await call(path, () =>
        client.PUT(path, {
          params: { path: { guid } },
          body: { Guid: guid, ...encodeEmailList(draft) },
        }),
      );
      return created(path, body, decodeEmailList);
    },
  };
}

function scrub(message: string, token: string | undefined): string {
  return token ? message.split(token).join('[redacted]') : message;
}
