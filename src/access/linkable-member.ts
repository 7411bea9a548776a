import { fitRefusal } from './refusal-reply.js';
import type { Member } from '../club/domain.js';
import { displayName, isChild, currentMembersWithEmail } from '../club/members/members-of.js';
import { findMembers } from '../club/members/find-members.js';

/** The member a link names, or why none is linked (a message saying what to do). */
export type LinkableMember =
  { kind: 'found'; member: Member } | { kind: 'refused'; reason: string };

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Members a chat user may be linked to: current adults. A child's membership is never linked: the
 * bot gives a linked person their member's roles and answers, and chat with children is no part
 * of it (docs/decisions.md). The club's today (yyyy-mm-dd) tells adults from children.
 */
export function linkableMembers(members: readonly Member[], today: string): Member[] {
  return members.filter((member) => member.active && !isChild(member, today));
}

/**
 * Pure: the one current adult member `ref` names, by Guid, e-mail or name. Fails closed: a name
 * several adults answer to, or an e-mail they share, links nobody and says how to be precise.
 */
export function linkableMember(
  members: readonly Member[],
  ref: string,
  today: string,
): LinkableMember {
  const wanted = ref.trim();
  const refused = (reason: string): LinkableMember => ({ kind: 'refused', reason });
  if (!wanted) return refused('Name the member by name, e-mail or Guid.');
  const linkable = linkableMembers(members, today);
  if (guidPattern.test(wanted)) {
    const member = members.find(
      (candidate) => candidate.guid.toLowerCase() === wanted.toLowerCase(),
    );
    if (!member) return refused(`No member has the Guid ${wanted}.`);
    if (!member.active) return refused(`${displayName(member)} is no longer a current member.`);
    if (!linkable.includes(member)) {
      return refused(member.dateOfBirth ? childRefusal : unknownAgeRefusal(member));
    }
    return { kind: 'found', member };
  }
  if (wanted.includes('@')) {
    const found = currentMembersWithEmail(linkable, wanted);
    if (found.length > 1) {
      return refused(
        `${found.length} adult members share that e-mail (a family address): pick the member from /link's suggestions, or give their Guid.`,
      );
    }
    const [only] = found;
    return only
      ? { kind: 'found', member: only }
      : refused('No current adult member has that e-mail.');
  }
  const match = findMembers(linkable, wanted);
  if ('suggestions' in match) {
    const [first] = match.suggestions;
    return refused(
      first && match.suggestions.length === 1
        ? `No current adult member is called "${wanted}". Did you mean ${displayName(first)}? Give their full name to link them.`
        : `No current adult member is called "${wanted}". Check the spelling, or use their e-mail.`,
    );
  }
  const [only] = match.exact;
  if (match.exact.length > 1 || !only) {
    return refused(
      `${match.exact.length} adult members are called "${wanted}": name the member by their e-mail instead (or pick them from /link's suggestions).`,
    );
  }
  return { kind: 'found', member: only };
}

/** A member with no date of birth counts as a child unless the record shows an adult's part. */
const unknownAgeRefusal = (member: Member) =>
  fitRefusal(
    () =>
      `${displayName(member)} has no date of birth or sign of an adult (parent, committee, DBS) on record, so counts as a child: the bot links adults only. The membership secretary can add it.`,
  );

const childRefusal =
  "That is a child's membership: the bot links adults only. Link the parent or carer instead.";
