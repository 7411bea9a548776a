import type { ClubApi } from '../club/club-api.js';
import type { NamedMembership } from '../club/domain.js';
import {
  emailListSavedReply,
  sourceQuestionReply,
  type ListSaved,
} from '../commands/email-list/email-list-replies.js';
import { listRecipients, type ListRecipients } from '../commands/email-list/list-recipients.js';
import {
  findListSource,
  listSources,
  type ListSource,
} from '../commands/email-list/list-source.js';
import type { ClubData } from '../core/club-data.js';
import type { FormDefinition, FormValues } from '../core/form.js';
import { formNotFiledReply } from '../core/form-replies.js';
import type { Reply } from '../core/reply.js';
import type { Filer } from './file-once.js';
import type { JobResult } from './club-queue.js';

type Outcome = { reply: Reply; outcome: JobResult['outcome'] };

/** The people of an email list, once the session or squad is exactly one. */
export interface EmailListPlan {
  source: ListSource;
  recipients: ListRecipients;
  /** Every member's Guid: a Guid on a list that is none of them is an address-only entry. */
  memberGuids: ReadonlySet<string>;
}

/**
 * Reads which session or squad is meant (from the cache) and who the list holds; otherwise the
 * answer to give: a question about near names, or that nobody would be on it. Spends no call.
 */
export async function planEmailList(
  form: FormDefinition,
  values: FormValues,
  data: Pick<ClubData, 'sessions' | 'groups' | 'members'>,
  today: string,
): Promise<EmailListPlan | Outcome> {
  const [sessions, groups, members] = await Promise.all([
    data.sessions(),
    data.groups(),
    data.members(),
  ]);
  const match = findListSource(values.source ?? '', listSources(sessions.value, groups.value));
  if (!('exact' in match)) {
    return { reply: sourceQuestionReply(form, values, match.suggestions), outcome: 'rejected' };
  }
  const source = match.exact;
  const recipients = listRecipients(source.members, members.value, today);
  if (recipients.guids.length === 0) {
    const reason = `${source.name} has no current members, so the list would reach nobody. Nothing was filed.`;
    return { reply: formNotFiledReply(form, reason, values), outcome: 'rejected' };
  }
  return { source, recipients, memberGuids: new Set(members.value.map((member) => member.guid)) };
}

/**
 * Files the list once per submission key: the list of that name has its members replaced (an
 * address-only entry someone added by hand is kept), or a new list is made. Found again after a
 * lost answer as the list of that name holding exactly these members.
 */
export async function fileEmailList(
  key: string,
  name: string,
  plan: EmailListPlan,
  deps: { api: ClubApi; filer: Filer },
): Promise<Outcome> {
  const { recipients, memberGuids, source } = plan;
  let lists: NamedMembership[] | undefined;
  // One read of the lists serves the look and the filing of one attempt.
  const named = async () => {
    lists ??= await deps.api.listEmailLists();
    const wanted = name.trim().toLowerCase();
    return lists.find((list) => list.name.trim().toLowerCase() === wanted);
  };
  const holdsExactly = (list: NamedMembership) => {
    const onIt = new Set(list.members.filter((guid) => memberGuids.has(guid)));
    return onIt.size === recipients.guids.length && recipients.guids.every((g) => onIt.has(g));
  };
  let saved: ListSaved = 'saved';
  const filed = await deps.filer.fileOnce(key, {
    find: async () => {
      const list = await named();
      return list && holdsExactly(list) ? list.guid : undefined;
    },
    file: async () => {
      const list = await named();
      saved = list ? 'updated' : 'created';
      if (!list) return (await deps.api.createEmailList({ name, members: recipients.guids })).guid;
      const kept = list.members.filter((guid) => !memberGuids.has(guid));
      const members = [...recipients.guids, ...kept];
      return (await deps.api.updateEmailList(list.guid, { name: list.name, members })).guid;
    },
  });
  const done: ListSaved = filed.foundFirst ? 'unchanged' : filed.filedNow ? saved : 'saved';
  return {
    reply: emailListSavedReply(done, { guid: filed.reference, name }, source, recipients),
    outcome: filed.filedNow ? 'filed' : 'already-filed',
  };
}
