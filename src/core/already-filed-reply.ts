import type { FormDefinition, FormValues } from './form.js';
import { formNotFiledReply } from './form-replies.js';
import type { Reply } from './reply.js';
import { shortRef } from '../club/short-ref.js';

/** Where an identical record already is, as the answer names it. */
const places = {
  incident: 'the incident book',
  trial: 'the trial requests',
  waitinglist: 'the waiting list',
  event: 'the club’s events',
} as const;

/**
 * An identical record was there before this submission's first attempt: nothing new was filed,
 * the person gets their text back and learns how to file it if theirs is a different one.
 */
export function alreadyFiledReply(
  form: Pick<FormDefinition, 'title' | 'fields'>,
  kind: keyof typeof places,
  reference: string,
  values: FormValues,
): Reply {
  const tellApart = {
    incident: 'If this is a new incident, add a detail that tells it apart and send it again.',
    event: 'If this is another event, give it a title that tells it apart and send it again.',
    trial: 'If this is someone else, add a detail that tells them apart and send it again.',
    waitinglist: 'If this is someone else, add a detail that tells them apart and send it again.',
  }[kind];
  return formNotFiledReply(
    form,
    `An identical entry (${shortRef(reference)}) is already in ${places[kind]}, so nothing new was filed. ${tellApart}`,
    values,
  );
}
