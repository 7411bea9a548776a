import type { FormId } from '../../../src/core/form.js';
import type { RunningSimulator } from '../../../src/simulator/start-simulator.js';
import type { PushedReply } from './reply-list-sink.js';

/** The forms the scenarios file under load (one record each, found by a marker). */
export type LoadedForm = Extract<FormId, 'incident' | 'trial' | 'waitinglist'>;

/** A form a scenario submitted: its conversation id, kind, and a marker its record will hold. */
export interface SentForm {
  id: string;
  form: LoadedForm;
  marker: string;
}

const collectionOf = {
  incident: 'incidents',
  trial: 'trialRequests',
  waitinglist: 'waitingList',
} as const;

/** Replies by conversation id: the final ones, and the interim ones ("will be filed…") apart. */
export function byConversation(replies: readonly PushedReply[]): {
  byId: Map<string, PushedReply[]>;
  interim: Map<string, PushedReply[]>;
} {
  const byId = new Map<string, PushedReply[]>();
  const interim = new Map<string, PushedReply[]>();
  for (const reply of replies) {
    const into = reply.interim ? interim : byId;
    into.set(reply.conversationId, [...(into.get(reply.conversationId) ?? []), reply]);
  }
  return { byId, interim };
}

/** How many of the simulator's records hold the form's marker: 1 is filed once. */
export function timesFiled(simulator: RunningSimulator, form: SentForm): number {
  return simulator.admin
    .records(collectionOf[form.form])
    .filter((record) => JSON.stringify(record).includes(form.marker)).length;
}

/** What became of the forms sent: filed once, twice or more, lost; confirmed once to the person. */
export function filingFigures(
  simulator: RunningSimulator,
  forms: readonly SentForm[],
  byId: Map<string, PushedReply[]>,
) {
  const filed = forms.map((form) => timesFiled(simulator, form));
  return {
    filedOnce: filed.filter((count) => count === 1).length,
    filedTwiceOrMore: filed.filter((count) => count > 1).length,
    lost: filed.filter((count) => count === 0).length,
    confirmedOnce: forms.filter((form) => byId.get(form.id)?.length === 1).length,
  };
}
