import type { FormDefinition, FormValues } from '../../core/form.js';
import { formFiledReply, formNotFiledReply } from '../../core/form-replies.js';
import type { Reply, ReplyAction } from '../../core/reply.js';
import { shortRef } from '../../club/short-ref.js';
import type { ListRecipients } from './list-recipients.js';
import { sourceLabel, type ListSource } from './list-source.js';

/** What became of the list: made, its people replaced, saved (a retry cannot tell), or already so. */
export type ListSaved = 'created' | 'updated' | 'saved' | 'unchanged';

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * Pure: the confirmation, in counts only: how many people the list holds and why some are not on
 * it. The addresses, and the names, stay in the club's records.
 */
export function emailListSavedReply(
  saved: ListSaved,
  list: { guid: string; name: string },
  source: ListSource,
  recipients: ListRecipients,
): Reply {
  const title = {
    created: 'Email list created',
    updated: 'Email list updated',
    saved: 'Email list saved',
    unchanged: 'Email list already up to date',
  }[saved];
  const holds =
    saved === 'unchanged'
      ? `"${list.name}" already holds exactly these ${people(recipients.guids.length)}: nothing was changed.`
      : `"${list.name}" holds ${people(recipients.guids.length)}: the parents of the under-18s and the adults of ${sourceLabel(source)}.`;
  const notes = [
    recipients.childrenWithoutParent > 0 &&
      `${recipients.childrenWithoutParent} under-18 swimmer${recipients.childrenWithoutParent === 1 ? ' has' : 's have'} no parent on record, so nobody on the list stands for them.`,
    recipients.withoutEmail > 0 &&
      `${people(recipients.withoutEmail)} on it ${recipients.withoutEmail === 1 ? 'has' : 'have'} no email address on record.`,
    'Send to it, or see who is on it, in the club’s web app.',
  ].filter((note): note is string => typeof note === 'string');
  return formFiledReply(title, [holds, ...notes].join(' '), [
    { label: 'Reference', value: shortRef(list.guid) },
    { label: 'List', value: list.name },
    { label: 'From', value: sourceLabel(source) },
    { label: 'People', value: String(recipients.guids.length) },
    { label: 'Parents', value: String(recipients.parents) },
    { label: 'Adults', value: String(recipients.adults) },
  ]);
}

/**
 * Pure: the session or squad was not exact: nothing is filed; the near ones are asked about, each
 * a button that opens the form again with it filled in, and what was typed comes back.
 */
export function sourceQuestionReply(
  form: Pick<FormDefinition, 'title' | 'fields'>,
  values: FormValues,
  suggestions: readonly ListSource[],
): Reply {
  const typed = values.source ?? '';
  const question =
    suggestions.length === 0
      ? `No session or squad is called "${typed}". /sessions lists the sessions; check the squad's name in the club's web app.`
      : `"${typed}" is not exactly one session or squad. Did you mean ${suggestions.map(sourceLabel).join(' or ')}? Nothing was filed.`;
  const actions = suggestions.slice(0, 3).map((source, index): ReplyAction => ({
    id: `emaillist-source-${index}`,
    label: sourceLabel(source),
    kind: 'reopen-form',
    form: {
      id: 'emaillist',
      values: {
        source: `${source.name} ${source.kind}`,
        // A name that was the typed source follows the choice; a name of their own stays.
        name: values.name === typed ? source.name : (values.name ?? source.name),
      },
    },
  }));
  return { ...formNotFiledReply(form, question, values), actions };
}
