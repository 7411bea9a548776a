import type { ClubEvent } from '../../club/domain.js';
import type { ClubEventDraft } from '../../club/drafts.js';
import { clubToday, formatDay } from '../../club/time/club-time.js';
import { readPeriod } from '../../club/time/read-period.js';
import type { CommandDefinition, FormContext } from '../../core/command.js';
import type { FormDefinition, FormField, FormValues } from '../../core/form.js';
import { formFiledReply } from '../../core/form-replies.js';
import type { Reply } from '../../core/reply.js';
import { shortRef } from '../../club/short-ref.js';

/**
 * Five inputs, Discord's limit: the spec's four required start and end fields are one "When"
 * answer ("Sat 14 Mar 09:00–17:00"); details, bus and pool are left to the club's web app.
 */
const eventFields: readonly FormField[] = [
  { id: 'title', label: 'Title', type: 'text', required: true, maxLength: 50 },
  {
    id: 'when',
    label: 'When (start and end)',
    type: 'period',
    required: true,
    maxLength: 50,
    notPast: true,
    hint: 'e.g. Sat 14 Mar 09:00–17:00, or 14/03 18:00 to 15/03 12:00.',
  },
  { id: 'venue', label: 'Venue', type: 'text', required: false, maxLength: 50 },
  {
    id: 'entryCloseDate',
    label: 'Entries close',
    type: 'date',
    required: false,
    maxLength: 10,
    notPast: true,
    notAfter: 'when',
    hint: 'e.g. 28/02 or 28 Feb; on or before the event.',
  },
  {
    id: 'fee',
    label: 'Fee per swim (£)',
    type: 'money',
    required: false,
    maxLength: 10,
    hint: 'e.g. 6.50, or free.',
  },
];

/** Pure: the club event form, its dates read from the club's today. */
export const eventForm = (context: Pick<FormContext, 'now' | 'timezone'>): FormDefinition => ({
  id: 'event',
  title: 'Add a club event',
  submitLabel: 'Add event',
  fields: [...eventFields],
  today: clubToday(context.now, context.timezone),
});

/** Pure: the draft the worker files from validated values (the period as the form wrote it). */
export function eventDraftFrom(values: FormValues): ClubEventDraft {
  const period = readPeriod(values.when ?? '', undefined);
  if (typeof period === 'string') throw new Error('An event is filed only once its form is valid.');
  return {
    title: values.title ?? '',
    ...period,
    venue: values.venue || undefined,
    fee: values.fee ? Number(values.fee) : undefined,
    entryCloseDate: values.entryCloseDate || undefined,
  };
}

/** Pure: the confirmation once the event is in the club's calendar. */
export function eventFiledReply(event: ClubEvent, today?: string): Reply {
  const at = (date: string | undefined, time: string | undefined) =>
    date ? [formatDay(date, today), time].filter(Boolean).join(' ') : (time ?? 'Not given');
  return formFiledReply('Event added', 'It is in the club’s calendar; /events shows it.', [
    { label: 'Reference', value: shortRef(event.guid) },
    { label: 'Title', value: event.title },
    { label: 'Starts', value: at(event.startDate, event.startTime) },
    { label: 'Ends', value: at(event.endDate, event.endTime) },
    ...(event.venue ? [{ label: 'Venue', value: event.venue }] : []),
    ...(event.entryCloseDate
      ? [{ label: 'Entries close', value: formatDay(event.entryCloseDate, today) }]
      : []),
    ...(event.fee !== undefined ? [{ label: 'Fee', value: `£${event.fee.toFixed(2)}` }] : []),
  ]);
}

export const eventNew = {
  kind: 'form',
  name: 'event new',
  description: 'Add a club event (title, when, venue, entries, fee): a form.',
  options: [],
  examples: ['/event new'],
  roles: ['admin'],
  personalData: false,
  form: 'event',
  buildForm: eventForm,
} satisfies CommandDefinition;
