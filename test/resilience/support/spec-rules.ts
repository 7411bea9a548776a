import { isCalendarDate } from '../../../src/core/form.js';

/** One rule of the club service's spec for a stored field. */
type Rule = { max?: number; required?: boolean; date?: boolean; oneOf?: readonly string[] };

/** The spec's rules for the records the bot files (club-service-spec.md). */
const rules: Record<'incidents' | 'trialRequests' | 'waitingList', Record<string, Rule>> = {
  incidents: {
    IncidentTitle: { required: true, max: 50 },
    IncidentDate: { required: true, date: true },
    IncidentDetails: { max: 4000 },
    ProposedAction: { max: 4000 },
    Status: { required: true, oneOf: ['Open', 'In Progress', 'On Hold', 'Closed'] },
  },
  trialRequests: {
    DateAdded: { date: true },
    FirstName: { required: true, max: 50 },
    LastName: { required: true, max: 50 },
    Dob: { required: true, date: true },
    Gender: { oneOf: ['M', 'F'] },
    Email: { max: 50 },
    SwimmingExperience: { max: 4000 },
  },
  waitingList: {
    DateAdded: { required: true, date: true },
    Firstname: { required: true, max: 50 },
    Lastname: { required: true, max: 50 },
    DOB: { date: true },
    Gender: { oneOf: ['M', 'F'] },
    Email: { max: 50 },
    PreviousExperience: { max: 4000 },
    Notes: { max: 4000 },
  },
};

export type FiledCollection = keyof typeof rules;
export const filedCollections = Object.keys(rules) as FiledCollection[];

/**
 * What the spec would reject in a stored record, field by field ("max N" counted in characters,
 * that is code points). `utf16Over` lists fields within the limit in code points but over it in
 * UTF-16 units, which a service counting those (as .NET strings do) would refuse.
 */
export function specProblems(
  collection: FiledCollection,
  record: Record<string, unknown>,
): { problems: string[]; utf16Over: string[] } {
  const problems: string[] = [];
  const utf16Over: string[] = [];
  for (const [field, rule] of Object.entries(rules[collection])) {
    const value = record[field];
    if (value === undefined || value === null || value === '') {
      if (rule.required) problems.push(`${field} missing`);
      continue;
    }
    if (typeof value !== 'string') {
      problems.push(`${field} is not a string`);
      continue;
    }
    if (rule.max !== undefined && [...value].length > rule.max) problems.push(`${field} too long`);
    else if (rule.max !== undefined && value.length > rule.max) utf16Over.push(field);
    if (rule.date && !isCalendarDate(value)) problems.push(`${field} not a date: ${value}`);
    if (rule.oneOf && !rule.oneOf.includes(value)) problems.push(`${field} not allowed: ${value}`);
  }
  return { problems, utf16Over };
}
