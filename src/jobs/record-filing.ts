import type { CachedCollection } from '../cache/cached-club-data.js';
import type { ClubApi } from '../club/club-api.js';
import { eventDraftFrom, eventFiledReply } from '../commands/events/event-new.js';
import { trialDraftFrom, trialFiledReply } from '../commands/trial/trial-new.js';
import {
  waitingListDraftFrom,
  waitingListFiledReply,
} from '../commands/waiting-list/waiting-list-add.js';
import type { FormValues } from '../core/form.js';
import type { Reply } from '../core/reply.js';
import type { FilingSteps } from './file-once.js';
import {
  findFiledEvent,
  findFiledTrialRequest,
  findFiledWaitingListPerson,
} from './find-filed-record.js';

/** The forms that file one new record and confirm it, with nothing else to decide. */
export type RecordForm = 'trial' | 'waitinglist' | 'event';

/** How one such form is filed: post and find its draft, the list to load again, the confirmation. */
export interface RecordFiling extends Pick<FilingSteps, 'file' | 'find'> {
  collection: CachedCollection;
  filedReply(reference: string): Reply;
}

/** The filing of a validated form; `today` (yyyy-mm-dd, the club's) dates what needs it. */
export function recordFiling(
  form: RecordForm,
  values: FormValues,
  today: string,
  api: ClubApi,
): RecordFiling {
  switch (form) {
    case 'trial': {
      const draft = trialDraftFrom(values, today);
      return {
        file: async () => (await api.fileTrialRequest(draft)).guid,
        find: () => findFiledTrialRequest(api, draft),
        collection: 'trialRequests',
        filedReply: (guid) => trialFiledReply({ guid, ...draft }),
      };
    }
    case 'waitinglist': {
      const draft = waitingListDraftFrom(values, today);
      return {
        file: async () => (await api.addToWaitingList(draft)).guid,
        find: () => findFiledWaitingListPerson(api, draft),
        collection: 'waitingList',
        filedReply: (guid) => waitingListFiledReply({ guid, ...draft }),
      };
    }
    case 'event': {
      const draft = eventDraftFrom(values);
      return {
        file: async () => (await api.fileEvent(draft)).guid,
        find: () => findFiledEvent(api, draft),
        collection: 'events',
        filedReply: (guid) => eventFiledReply({ guid, ...draft }, today),
      };
    }
  }
}
