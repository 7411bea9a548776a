import { mayRun, rolesFor, type AccessPolicy } from '../access/access-policy.js';
import { refusalReply } from '../access/refusal-reply.js';
import type { AskerResolver } from '../access/asker.js';
import type { CachedCollection } from '../cache/cached-club-data.js';
import type { ClubApi } from '../club/club-api.js';
import { ClubValidationError } from '../club/club-errors.js';
import type { ClubData } from '../core/club-data.js';
import { clubToday } from '../club/time/club-time.js';
import { formCommands } from '../commands/form-commands.js';
import { formInvalidReply, formNotFiledReply, formRejectedReply } from '../core/form-replies.js';
import {
  validateForm,
  withDefaults,
  type FormDefinition,
  type FormId,
  type FormValues,
} from '../core/form.js';
import {
  incidentDraftFrom,
  incidentFiledReply,
  type WelfareTold,
} from '../commands/incident/incident-new.js';
import type { Asker } from '../core/chat-user.js';
import { incidentReporter, type ReporterMatch } from '../commands/incident/incident-reporter.js';
import { alreadyFiledReply } from '../core/already-filed-reply.js';
import { duplicateReply, likelyDuplicate } from '../commands/trial/likely-duplicate.js';
import type { Reply } from '../core/reply.js';
import { PersonShareSpentError } from '../budget/person-share.js';
import type { Filer } from './file-once.js';
import { contactsOf } from './run-command.js';
import { shareSpentText } from './failure-reply.js';
import { findFiledIncident } from './find-filed-record.js';
import { fileEmailList, planEmailList } from './file-email-list.js';
import { recordFiling } from './record-filing.js';
import type { FormSubmission, JobResult } from './club-queue.js';
import type { IncidentFiled } from '../welfare/tell-of-incident.js';
import { toldDespiteFailure } from '../welfare/told-despite-failure.js';
import type { Logger } from '../log.js';

/** What filing a submission needs. `api` spends the budget's `write` priority. */
export interface SubmissionFilerDeps {
  policy: AccessPolicy;
  resolveAsker: AskerResolver;
  data: ClubData;
  api: ClubApi;
  filer: Filer;
  /**
   * Counts the filing against the person's daily share of forms, once per idempotency key
   * whatever its retries; throws when it is used up.
   */
  spendForm(): Promise<void>;
  /** Loads a collection again after a filing, so the asker's next look includes it. */
  refresh(collection: CachedCollection): Promise<void>;
  timezone: string;
  now(): Date;
  /** `CLUB_REPORTS_MEMBER`: whom reports from people the bot cannot link are filed under. */
  reportsMember?: string;
  /** Tells the welfare officers of an incident filed; resolves who was told. Default: nobody. */
  tellWelfare?(filed: IncidentFiled): Promise<WelfareTold>;
  /** Where a failed telling is logged (its kind only). Default: nowhere. */
  logger?: Logger;
}

type Outcome = { reply: Reply; outcome: JobResult['outcome'] };

/**
 * Files one submitted form, exactly once per idempotency key: check the asker may, validate with
 * the spec's rules again, build the draft, file it (or find it filed), and confirm. A refusal
 * gives back everything the person typed, so nothing is lost.
 */
export async function fileSubmission(
  submission: FormSubmission,
  deps: SubmissionFilerDeps,
): Promise<Outcome> {
  const command = formCommands[submission.form];
  const asker = await deps.resolveAsker(submission.user);
  const now = deps.now();
  const form = command.buildForm({ asker, now, timezone: deps.timezone });
  if (!mayRun(asker, command, deps.policy)) {
    const contacts = await contactsOf(deps.data, deps.policy);
    const refusal = refusalReply(command, rolesFor(command, deps.policy), asker, contacts);
    const reason = refusal.sections?.[0]?.kind === 'text' ? refusal.sections[0].text : '';
    return {
      reply: formNotFiledReply(form, reason || 'Not allowed.', submission.values),
      outcome: 'rejected',
    };
  }
  const checked = validateForm(form, withDefaults(form, submission.values));
  if (!checked.ok) {
    return {
      reply: formInvalidReply(form.title, checked.errors, checked.values, form.fields, form.id),
      outcome: 'rejected',
    };
  }
  const { values } = checked;
  const today = clubToday(now, deps.timezone);
  // Which session or squad, and who is on the list, is settled before the filing is counted.
  const planned =
    submission.form === 'emaillist'
      ? await planEmailList(form, values, deps.data, today)
      : undefined;
  if (planned && 'reply' in planned) return planned;
  const emailList = planned;
  if (!submission.confirmed) {
    const duplicate = await duplicateOf(submission.form, form, values, deps);
    if (duplicate) return { reply: duplicate, outcome: 'rejected' };
  }
  try {
    await deps.spendForm();
  } catch (error) {
    if (!(error instanceof PersonShareSpentError)) throw error;
    return rejected(form, shareSpentText(error, deps.timezone), values);
  }
  try {
    switch (submission.form) {
      case 'incident': {
        const reporter = await reporterOf(asker, values, deps);
        if (!reporter.ok) {
          const reply = formNotFiledReply(form, reporter.message, values);
          return { reply, outcome: 'rejected' };
        }
        const draft = incidentDraftFrom(values, reporter.guid, reporter.note);
        const filed = await deps.filer.fileOnce(submission.key, {
          file: async () => (await deps.api.fileIncident(draft)).guid,
          find: () => findFiledIncident(deps.api, draft),
        });
        await deps.refresh('incidents');
        if (filed.foundFirst) return alreadyThere('incident', filed.reference);
        const incident = { guid: filed.reference, ...draft, addedBy: [], comments: [] };
        const { tellWelfare } = deps;
        const told =
          tellWelfare &&
          (await toldDespiteFailure(
            () =>
              tellWelfare({
                key: submission.key,
                guid: filed.reference,
                incident: draft,
                asker,
                today,
              }),
            deps.data,
            deps.logger,
          ));
        return {
          reply: incidentFiledReply(incident, asker.roles.includes('welfare'), today, told),
          outcome: filed.filedNow ? 'filed' : 'already-filed',
        };
      }
      case 'emaillist': {
        if (!emailList) throw new Error('An email list is filed once its plan is made.');
        return await fileEmailList(submission.key, values.name ?? '', emailList, deps);
      }
      default: {
        const filing = recordFiling(submission.form, values, today, deps.api);
        const filed = await deps.filer.fileOnce(submission.key, {
          file: filing.file,
          find: filing.find,
          lookFirst: !submission.confirmed,
        });
        await deps.refresh(filing.collection);
        if (filed.foundFirst) return alreadyThere(submission.form, filed.reference);
        return {
          reply: filing.filedReply(filed.reference),
          outcome: filed.filedNow ? 'filed' : 'already-filed',
        };
      }
    }
  } catch (error) {
    // A 400 is final: the service's message and the person's text go back to them.
    if (error instanceof ClubValidationError)
      return rejected(form, error.serviceMessage || error.message, values);
    throw error;
  }

  /** Nothing filed for this submission: an identical record was there before it (its text back). */
  function alreadyThere(kind: Exclude<FormId, 'emaillist'>, reference: string): Outcome {
    return { reply: alreadyFiledReply(form, kind, reference, values), outcome: 'already-filed' };
  }

  function rejected(definition: FormDefinition, message: string, typed: FormValues): Outcome {
    return {
      reply: formRejectedReply(definition.title, message, typed, definition.fields, definition.id),
      outcome: 'rejected',
    };
  }
}

/** "Already there?" when the cached list holds the same child; other forms are not of a child. */
async function duplicateOf(
  kind: FormSubmission['form'],
  form: FormDefinition,
  values: FormValues,
  deps: SubmissionFilerDeps,
): Promise<Reply | undefined> {
  if (kind !== 'trial' && kind !== 'waitinglist') return undefined;
  const [cached, where] =
    kind === 'trial'
      ? [await deps.data.trialRequests(), 'the trial requests']
      : [await deps.data.waitingList(), 'the waiting list'];
  // A list marked stale by the last filing may lack the very child just added: ask afresh.
  const fresh = () =>
    kind === 'trial' ? deps.api.listTrialRequests() : deps.api.listWaitingList();
  const existing = cached.stale ? await fresh().catch(() => cached.value) : cached.value;
  const match = likelyDuplicate(existing, values);
  const today = clubToday(deps.now(), deps.timezone);
  return match && duplicateReply(form, where, match, values, today);
}

/** Who an incident is filed under; members, and who's who for a refusal, only for an unlinked asker. */
async function reporterOf(
  asker: Asker,
  values: FormValues,
  deps: SubmissionFilerDeps,
): Promise<ReporterMatch> {
  const context = { members: [], whosWho: [], reportsMember: deps.reportsMember };
  if (asker.memberGuid !== undefined) return incidentReporter(asker, values, context);
  const members = deps.reportsMember ? (await deps.data.members()).value : [];
  const filed = incidentReporter(asker, values, { ...context, members });
  if (filed.ok) return filed;
  const whosWho = (await deps.data.whosWho()).value;
  return incidentReporter(asker, values, { ...context, members, whosWho });
}
