import type { WaitingListPerson } from '../../club/domain.js';
import { formatDay } from '../../club/time/club-time.js';
import type { FormValues } from '../../core/form.js';
import type { ReplyAction } from '../../core/reply.js';

/** The trial form's longest experience the club service takes. */
const experienceMax = 4000;

/**
 * Pure: what the trial form opens with for someone on the waiting list offered a trial at a
 * session: their name, date of birth and e-mail, and in the experience box everything the waiting
 * list holds of them (experience, notes) with where and since when, so nothing they gave is lost.
 */
export function trialValuesFrom(person: WaitingListPerson, sessionName: string): FormValues {
  const since = person.dateAdded ? ` since ${formatDay(person.dateAdded)}` : '';
  const experience = [
    person.previousExperience,
    person.notes,
    `On the waiting list${since}; offered a trial at ${sessionName}.`,
  ]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join('\n');
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth ?? '',
    email: person.email ?? '',
    swimmingExperience: experience.slice(0, experienceMax),
  };
}

/** Pure: the "offer a trial" button: the trial form, filled in for this person and session. */
export function offerTrialAction(person: WaitingListPerson, sessionName: string): ReplyAction {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return {
    id: `offer-trial:${person.guid}`,
    // Slack cuts a button's text at 75 characters.
    label: `Offer a trial: ${name}`.slice(0, 75),
    kind: 'reopen-form',
    form: { id: 'trial', values: trialValuesFrom(person, sessionName) },
  };
}
