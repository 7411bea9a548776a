import { fitRefusal, refusalLimit } from '../../access/refusal-reply.js';
import type { Incident, IncidentStatus } from '../../club/domain.js';
import type { IncidentDraft } from '../../club/drafts.js';
import { incidentStatuses } from '../../club/domain.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition, FormContext } from '../../core/command.js';
import { namesOf } from '../../access/club-contacts.js';
import type { ClubContacts } from '../../core/club-data.js';
import type { FormDefinition, FormField, FormValues } from '../../core/form.js';
import { formFiledReply } from '../../core/form-replies.js';
import { unlinkedNoteRoom } from './incident-reporter.js';
import type { Reply } from '../../core/reply.js';
import { shortRef } from '../../club/short-ref.js';

/**
 * Pure: the incident form as this person sees it (today's date). A new incident is filed Open:
 * only a linked welfare officer is asked for a status, so a report cannot be filed Closed where
 * /incident list would not show it. An unlinked asker also gives their name, which goes into the
 * details as they typed it (never matched to a member, see `incidentReporter`), and the details
 * leave room for that note.
 */
export function incidentForm({ asker, now, timezone, contacts }: FormContext): FormDefinition {
  const unlinked = asker.memberGuid === undefined;
  // Discord shows five inputs at most: the reporter's name and a status never come together.
  const triage = !unlinked && asker.roles.includes('welfare');
  const today = clubToday(now, timezone);
  const fields: FormField[] = [
    { id: 'title', label: 'Title', type: 'text', required: true, maxLength: 50 },
    {
      id: 'date',
      label: 'Date',
      type: 'date',
      required: true,
      maxLength: 10,
      defaultValue: today,
      notFuture: true,
      hint: 'e.g. today, yesterday, 26/11/2026 or 26 Nov.',
    },
    {
      id: 'status',
      label: 'Status',
      type: 'select',
      required: true,
      maxLength: 50,
      choices: incidentStatuses,
      defaultValue: 'Open',
    },
    {
      id: 'details',
      label: 'What happened',
      type: 'long-text',
      required: false,
      maxLength: unlinked ? 4000 - unlinkedNoteRoom : 4000,
      hint: 'Facts only: who, where, when, what was seen and said.',
    },
    {
      id: 'proposedAction',
      label: 'Proposed action',
      type: 'long-text',
      required: false,
      maxLength: 4000,
    },
  ];
  const reporter: FormField = {
    id: 'reporter',
    label: 'Your name',
    type: 'text',
    required: true,
    maxLength: 100,
    // Discord shows no notice above a modal's five inputs: this hint carries it there.
    hint: contacts?.reportsFiled
      ? 'Not linked to a member: filed under the club’s reporting account with this name.'
      : 'Your chat account is not linked to the club’s records: your name goes with the report so the welfare officer can reach you.',
  };
  return {
    id: 'incident',
    title: 'Report an incident',
    submitLabel: 'File incident',
    fields: [
      ...fields.filter((field) => triage || field.id !== 'status'),
      ...(unlinked ? [reporter] : []),
    ],
    today,
    ...(unlinked ? unlinkedReport(contacts) : {}),
  };
}

/**
 * What a person the bot cannot link is told before the first question: where their report will
 * go, or, when it cannot be filed at all, whom to tell instead (then no form is asked).
 */
function unlinkedReport(
  contacts: ClubContacts | undefined,
): Pick<FormDefinition, 'notice' | 'refusal'> {
  const welfare = namesOf(contacts, ['welfare'], 3);
  const officer = welfare ?? "the welfare officer (/whoswho lists the club's officers)";
  if (!contacts) {
    return {
      notice:
        'The bot cannot tell which club member you are, so your name goes with the report. If it cannot be filed, you are told whom to tell instead and get back what you typed.',
    };
  }
  if (contacts.reportsFiled) {
    return {
      notice: `The bot cannot tell which club member you are: your report is filed under the club's reporting account, with your name as you give it, and seen by ${welfare ?? 'the welfare officer'}.`,
    };
  }
  // Under the limit, whom to tell comes first: the admin who can link them goes before a name does.
  const refusalWith = (most: number, admin: boolean) => {
    const told = namesOf(contacts, ['welfare'], most) ?? officer;
    const admins = admin ? namesOf(contacts, ['admin'], 1) : undefined;
    return `The bot cannot tell which member you are, so cannot file your report. Please tell ${told} directly.${admins ? ` ${admins} can link your chat account.` : ''}`;
  };
  const fits = [3, 2, 1]
    .flatMap((most) => [refusalWith(most, true), refusalWith(most, false)])
    .find((text) => text.length < refusalLimit);
  return { refusal: fits ?? fitRefusal(() => refusalWith(1, false)) };
}

/** Pure: the draft the worker files from validated values; `note` goes at the top of the details. */
export function incidentDraftFrom(
  values: FormValues,
  reporterGuid: string,
  note?: string,
): IncidentDraft {
  const status = incidentStatuses.find((choice) => choice === values.status) ?? 'Open';
  const details = [note, values.details].filter(Boolean).join('\n\n');
  return {
    title: values.title ?? '',
    date: values.date ?? '',
    status: status satisfies IncidentStatus,
    details: details || undefined,
    proposedAction: values.proposedAction || undefined,
    reporterGuid,
  };
}

/** Who heard of a filed incident: the officers told, or (none known) whom the reporter should tell. */
export interface WelfareTold {
  names: readonly string[];
  /** "the club's welfare officer (Wendy Hale, Welfare Officer)". Default: a pointer to /whoswho. */
  tellInstead?: string;
  /** True when telling them failed (the incident is filed all the same). Default: false. */
  failed?: boolean;
}

/**
 * Pure: the confirmation once the incident is in the club's incident book, in words for who
 * filed it, saying only what is true of who was told: `told` names the welfare officers sent it
 * now (none: whom to tell instead; undefined: this deployment tells nobody).
 */
export function incidentFiledReply(
  incident: Incident,
  byWelfare = false,
  today?: string,
  told?: WelfareTold,
): Reply {
  const ref = shortRef(incident.guid);
  const filed = byWelfare
    ? `It is in the club's incident book; /incident show ${ref} shows it again.`
    : `It is in the club's incident book. Quote ${ref} if you follow it up.`;
  return formFiledReply('Incident filed', [filed, toldText(told, byWelfare)].join(' ').trim(), [
    { label: 'Reference', value: ref },
    { label: 'Title', value: incident.title },
    { label: 'Date', value: incident.date ? formatDay(incident.date, today) : 'Not given' },
    { label: 'Status', value: incident.status },
  ]);
}

function toldText(heard: WelfareTold | undefined, byWelfare: boolean): string {
  if (heard === undefined) return '';
  const told = heard.names;
  if (told.length > 0) {
    const names =
      told.length === 1 ? told[0] : `${told.slice(0, -1).join(', ')} and ${told.at(-1)}`;
    if (byWelfare) return `Also told at once: ${names}.`;
    return told.length === 1
      ? `The welfare officer was told at once: ${names}.`
      : `The welfare officers were told at once: ${names}.`;
  }
  const whom = heard.tellInstead ?? "the club's welfare officer (/whoswho welfare names them)";
  if (heard.failed)
    return `The bot could not message the welfare officers just now: please tell ${whom} yourself.`;
  return byWelfare
    ? 'No other welfare officer uses the bot yet, so nobody else was told.'
    : `No welfare officer uses the bot yet, so nobody was told by message: please tell ${whom} yourself.`;
}

export const incidentNew = {
  kind: 'form',
  name: 'incident new',
  description: "Report an incident: a form, filed in the club's incident book.",
  options: [],
  examples: ['/incident new'],
  roles: ['everyone'],
  personalData: true,
  form: 'incident',
  buildForm: incidentForm,
} satisfies CommandDefinition;
