import type { Member } from '../club/domain.js';
import type { Asker } from './chat-user.js';
import { displayName } from './display-name.js';
import { findMembers } from './find-members.js';
import type { FormValues } from './form.js';

export type ReporterMatch = { ok: true; guid: string } | { ok: false; message: string };

/**
 * Pure: the member an incident is filed under. A linked asker is that member; an unlinked one is
 * the one active member matching the name they typed in the form's `reporter` field. Anything else
 * is a message for `formRejectedReply`, so their report comes back to them rather than being filed
 * under the wrong person.
 */
export function incidentReporter(
  asker: Pick<Asker, 'memberGuid'>,
  values: FormValues,
  members: readonly Member[],
): ReporterMatch {
  if (asker.memberGuid !== undefined) return { ok: true, guid: asker.memberGuid };
  const typed = values.reporter?.trim() ?? '';
  if (typed === '') {
    return { ok: false, message: 'Please give your name as the club knows it.' };
  }
  const found = findMembers(members, typed).filter((member) => member.active);
  const [only] = found;
  if (found.length === 1 && only) return { ok: true, guid: only.guid };
  return found.length === 0
    ? {
        ok: false,
        message: `No current club member is called "${typed}". Use the name the club has for you, or ask the welfare officer to file it.`,
      }
    : {
        ok: false,
        message: `"${typed}" matches ${found.length} club members (${found
          .slice(0, 5)
          .map(displayName)
          .join(', ')}). Please give your full name.`,
      };
}
