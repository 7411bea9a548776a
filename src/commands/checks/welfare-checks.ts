import { activeMembersWithoutAgreement } from '../../club/active-members-without-agreement.js';
import type { CodeOfConduct } from '../../club/code-of-conduct.js';
import type { ClubSession, Member } from '../../club/domain.js';
import { displayName, isChild } from '../../club/members/members-of.js';
import { addDays } from '../../club/time/read-date.js';
import { daysFromTo } from '../../digests/calendar-days.js';
import type { CheckFinding } from './check-finding.js';
import { peopleOnDuty } from './session-people.js';
import { familyLinks } from '../../club/members/family-links.js';

/** A DBS check or safeguarding course due within this many days is flagged. */
export const dueSoonDays = 30;

/** What the welfare checks read: the cached members and sessions, and the codes where served. */
export interface WelfareCheckInput {
  members: readonly Member[];
  sessions: readonly ClubSession[];
  /** yyyy-mm-dd, the club's today. */
  today: string;
  /** The host's codes of conduct; undefined where it does not serve them (the check is left out). */
  codes?: readonly CodeOfConduct[];
}

/**
 * Pure: the welfare officer's checks, as a club's data tool makes them: the DBS and safeguarding
 * course of everyone on duty at a current session, under-18s without an emergency contact or a
 * parent on record, and (where the host serves codes of conduct) active members who have not
 * agreed the current one.
 */
export function welfareChecks(input: WelfareCheckInput): CheckFinding[] {
  const { members, today } = input;
  const onDuty = peopleOnDuty(members, input.sessions);
  const children = members.filter((member) => member.active && isChild(member, today));
  const { parentsOf } = familyLinks(members);
  const findings: CheckFinding[] = [
    renewalFinding(
      'dbs',
      'DBS of coaches and helpers: missing, lapsed or due in 30 days',
      onDuty,
      today,
      (m) => m.dbsRenewalDate,
      'In the club’s web app, open each person’s record and enter their new DBS check and its renewal date; nobody without a current DBS check coaches meanwhile.',
    ),
    renewalFinding(
      'safeguarding',
      'Safeguarding course of coaches and helpers: missing, lapsed or due in 30 days',
      onDuty,
      today,
      (m) => m.safeguardingRenewalDate,
      'Book them on the safeguarding course, then enter its date and renewal date on their record in the club’s web app.',
    ),
    peopleFinding(
      'no-emergency-contact',
      'Under-18s with no emergency contact',
      children.filter((child) => !child.emergencyContacts.some((contact) => contact.phone !== '')),
      'Ask a parent for an emergency contact and number, and add them to the swimmer’s record in the club’s web app.',
    ),
    peopleFinding(
      'no-parent',
      'Under-18s with no parent on record',
      children.filter((child) => !parentsOf.has(child.guid)),
      'Link a parent to the swimmer’s record in the club’s web app (the parent’s Swimmers, or the swimmer’s Parents).',
    ),
  ];
  if (input.codes) {
    const gap = activeMembersWithoutAgreement(members, input.codes);
    if (gap) {
      findings.push(
        peopleFinding(
          'code-of-conduct',
          `Active members who have not agreed “${gap.code.title}”`,
          gap.members,
          'Remind them to agree the code of conduct when they next log in to the club’s web app; it records the date they agree.',
        ),
      );
    }
  }
  return findings;
}

/** A finding that names people, one line each. */
export function peopleFinding(
  check: string,
  title: string,
  people: readonly Member[],
  todo: string,
  detail: (member: Member) => string = () => '',
): CheckFinding {
  return {
    check,
    title,
    count: people.length,
    lines: people.map((member) => `${displayName(member)}${detail(member)}`),
    members: people.map((member) => member.guid),
    todo,
  };
}

function renewalFinding(
  check: string,
  title: string,
  onDuty: readonly { member: Member; sessions: string[] }[],
  today: string,
  renewal: (member: Member) => string | undefined,
  todo: string,
): CheckFinding {
  const by = addDays(today, dueSoonDays);
  // Missing first, then the longest lapsed, then the soonest due.
  const flagged = onDuty
    .map((duty) => ({ ...duty, date: renewal(duty.member) }))
    .filter(({ date }) => date === undefined || date <= by)
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  return {
    check,
    title,
    count: flagged.length,
    lines: flagged.map(({ member, sessions, date }) => {
      const state = date === undefined ? 'no date on record' : renewalWording(date, today);
      return `${displayName(member)}: ${state} (${sessions.join(', ')})`;
    }),
    members: flagged.map(({ member }) => member.guid),
    todo,
  };
}

/** "lapsed 15 days ago", "lapses today", "due in 12 days". */
export function renewalWording(date: string, today: string): string {
  const days = daysFromTo(today, date);
  if (days < 0) return `lapsed ${-days} day${days === -1 ? '' : 's'} ago`;
  if (days === 0) return 'lapses today';
  return `due in ${days} day${days === 1 ? '' : 's'}`;
}
