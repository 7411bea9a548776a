import type { CodeOfConduct, CodeOfConductSummary } from './code-of-conduct.js';
import { date, records, required, text, type WireRecord } from './wire-fields.js';

/** An item of the code-of-conduct list: its Guid and title (the list carries no members). */
export function decodeCodeOfConductSummary(record: WireRecord): CodeOfConductSummary {
  return {
    guid: required(text(record, 'Guid'), 'a Guid'),
    title: text(record, 'Title') ?? 'Code of conduct',
  };
}

/** A code of conduct read by its Guid: `Members: [{ Guid, DateAgreed }]`; an entry without a Guid is skipped. */
export function decodeCodeOfConduct(record: WireRecord): CodeOfConduct {
  return {
    ...decodeCodeOfConductSummary(record),
    agreements: records(record, 'Members').flatMap((member) => {
      const guid = text(member, 'Guid');
      return guid ? [{ guid, dateAgreed: date(member, 'DateAgreed') }] : [];
    }),
  };
}
