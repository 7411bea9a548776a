import type { Member } from '../../club/domain.js';
import { familyLinks } from '../../club/members/family-links.js';
import { isChild } from '../../club/members/members-of.js';

/** Who an email list made from a session or squad holds, and what is worth saying about it. */
export interface ListRecipients {
  /** Member Guids, each once: the parents of under-18s, and the adults themselves. */
  guids: string[];
  /** Current members of the session or squad the list was made from. */
  swimmers: number;
  parents: number;
  adults: number;
  /** Under-18s with no parent on record: nobody on the list stands for them. */
  childrenWithoutParent: number;
  /** People on the list with no email address on record (the list cannot reach them). */
  withoutEmail: number;
}

/**
 * Pure: the people an email list from these members reaches, on `today` (yyyy-mm-dd): an
 * under-18's parents (contact goes through parents), an adult themself. Members who left and
 * Guids that are no member's are skipped.
 */
export function listRecipients(
  memberGuids: readonly string[],
  members: readonly Member[],
  today: string,
): ListRecipients {
  const byGuid = new Map(members.map((member) => [member.guid, member]));
  const { parentsOf } = familyLinks(members);
  const parents = new Set<string>();
  const adults = new Set<string>();
  let swimmers = 0;
  let childrenWithoutParent = 0;
  for (const guid of new Set(memberGuids)) {
    const member = byGuid.get(guid);
    if (!member?.active) continue;
    swimmers += 1;
    if (!isChild(member, today)) {
      adults.add(member.guid);
      continue;
    }
    const known = [...(parentsOf.get(member.guid) ?? [])].filter((parent) => byGuid.has(parent));
    if (known.length === 0) childrenWithoutParent += 1;
    for (const parent of known) parents.add(parent);
  }
  const guids = [...new Set([...parents, ...adults])];
  return {
    guids,
    swimmers,
    parents: guids.filter((guid) => parents.has(guid)).length,
    adults: guids.filter((guid) => !parents.has(guid)).length,
    childrenWithoutParent,
    withoutEmail: guids.filter((guid) => !byGuid.get(guid)?.email).length,
  };
}
