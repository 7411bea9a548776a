import type { CodeOfConduct } from './code-of-conduct.js';
import type { Member } from './domain.js';

/** The current code and the active members who have not agreed it. */
export interface CodeOfConductGap {
  code: CodeOfConduct;
  members: Member[];
}

/**
 * The active members who have not agreed the club's current code of conduct, in the members'
 * order; undefined when the club has no code. The current code is the last the host lists (it
 * lists them in the order they were added, and gives no date of their own); a member listed on
 * it has agreed, with or without a date. Pure: the caller reads the members and the codes.
 */
export function activeMembersWithoutAgreement(
  members: readonly Member[],
  codes: readonly CodeOfConduct[],
): CodeOfConductGap | undefined {
  const code = codes.at(-1);
  if (!code) return undefined;
  const agreed = new Set(code.agreements.map((agreement) => agreement.guid));
  return { code, members: members.filter((member) => member.active && !agreed.has(member.guid)) };
}
