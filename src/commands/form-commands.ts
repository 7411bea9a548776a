import type { FormCommand } from '../core/command.js';
import type { FormId } from '../core/form.js';
import { emailListFrom } from './email-list/email-list-from.js';
import { eventNew } from './events/event-new.js';
import { incidentNew } from './incident/incident-new.js';
import { trialNew } from './trial/trial-new.js';
import { waitingListAdd } from './waiting-list/waiting-list-add.js';

/** The command behind each form, for the worker: it rebuilds the form to validate a submission. */
export const formCommands: Readonly<Record<FormId, FormCommand>> = {
  incident: incidentNew,
  trial: trialNew,
  waitinglist: waitingListAdd,
  event: eventNew,
  emaillist: emailListFrom,
};
