import { formatDay } from '../../club/time/club-time.js';
import type { FormDefinition, FormValues } from '../../core/form.js';
import { shortRef } from '../../club/short-ref.js';
import type { Reply } from '../../core/reply.js';

/** What a trial request and a waiting-list entry share, for telling the same child twice. */
export interface PersonRecord {
  guid: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  email?: string;
  dateAdded?: string;
}

const same = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Pure: the record that looks like the one typed: the same name, and the same date of birth or
 * the same e-mail. Siblings share an e-mail but not a name, so the name always has to match.
 */
export function likelyDuplicate<T extends PersonRecord>(
  existing: readonly T[],
  values: FormValues,
): T | undefined {
  return existing.find(
    (record) =>
      same(record.firstName, values.firstName) &&
      same(record.lastName, values.lastName) &&
      (same(record.dateOfBirth, values.dateOfBirth) || same(record.email, values.email)),
  );
}

/**
 * Pure: "this looks already on file": what matched, and a button that files it all the same.
 * Nothing is filed until the person confirms.
 */
export function duplicateReply(
  form: Pick<FormDefinition, 'id' | 'title'>,
  where: string,
  record: PersonRecord,
  values: FormValues,
  today: string,
): Reply {
  const name = `${record.firstName} ${record.lastName}`.trim();
  const born = record.dateOfBirth ? `, born ${formatDay(record.dateOfBirth, today)},` : '';
  const added = record.dateAdded ? ` since ${formatDay(record.dateAdded, today)}` : '';
  return {
    title: `${form.title}: already there?`,
    sections: [
      {
        kind: 'text',
        text: `${name}${born} is on ${where}${added} (ref ${shortRef(record.guid)}). Nothing was filed. File this one as well?`,
      },
    ],
    visibility: 'asker',
    personalData: true,
    tone: 'warning',
    actions: [
      {
        id: 'confirm-form',
        label: 'File it anyway',
        kind: 'confirm-form',
        style: 'primary',
        form: { id: form.id, values },
      },
    ],
  };
}
