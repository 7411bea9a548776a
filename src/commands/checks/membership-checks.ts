import type { ClubSession, Member, NamedMembership } from '../../club/domain.js';
import { displayName, isChild, membersByGuid } from '../../club/members/members-of.js';
import { formatDay } from '../../club/time/club-time.js';
import type { CheckFinding } from './check-finding.js';
import { familyLinks } from '../../club/members/family-links.js';
import { peopleFinding } from './welfare-checks.js';

/** What the membership checks read: the cached members, sessions and groups. */
export interface MembershipCheckInput {
  members: readonly Member[];
  sessions: readonly ClubSession[];
  groups: readonly NamedMembership[];
  /** yyyy-mm-dd, the club's today. */
  today: string;
}

/**
 * Pure: the membership secretary's checks, as a club's data tool makes them: no date of birth,
 * details not confirmed for over a year, active swimmers in no session and no group, people in a
 * session who are not active, adults sharing an e-mail address, and parents whose swimmers have
 * all left. "In no session and no group" asks it of swimmers only: parents, volunteers and the
 * committee belong to none by nature (docs/decisions.md).
 */
export function membershipChecks(input: MembershipCheckInput): CheckFinding[] {
  const { members, today } = input;
  const active = members.filter((member) => member.active);
  const current = input.sessions.filter((session) => !session.archived);
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const placed = new Set([
    ...current.flatMap((session) => session.members.map((swimmer) => swimmer.guid)),
    ...input.groups.flatMap((group) => group.members),
  ]);
  const byGuid = membersByGuid(members);
  const sessionsOf = (guid: string) =>
    current.filter((s) => s.members.some((swimmer) => swimmer.guid === guid)).map((s) => s.name);
  const leftButListed = [...new Set(current.flatMap((s) => s.members.map((m) => m.guid)))]
    .map((guid) => byGuid.get(guid))
    .filter((member): member is Member => member !== undefined && !member.active);
  const { swimmersOf } = familyLinks(members);
  const allLeft = active.filter((member) => {
    const swimmers = [...(swimmersOf.get(member.guid) ?? [])].map((guid) => byGuid.get(guid));
    return swimmers.length > 0 && swimmers.every((swimmer) => swimmer && !swimmer.active);
  });
  return [
    peopleFinding(
      'no-date-of-birth',
      'Members with no date of birth',
      active.filter((m) => !m.dateOfBirth),
      'Ask them (or a parent) for it and add it to their record in the club’s web app: ages, squads and the under-18 rules depend on it.',
    ),
    peopleFinding(
      'details-not-confirmed',
      'Details not confirmed for over a year',
      active.filter((m) => !m.detailsConfirmed || m.detailsConfirmed < yearAgo),
      'Ask them to check and confirm their details when they log in to the club’s web app, or confirm them with them and tick it on their record.',
      (m) => (m.detailsConfirmed ? `: last ${formatDay(m.detailsConfirmed)}` : ': never'),
    ),
    peopleFinding(
      'in-nothing',
      'Active swimmers in no session and no group',
      active.filter((m) => m.isSwimmer && !placed.has(m.guid)),
      'In the club’s web app, add them to their squad’s group and session, or mark them as left if they have.',
    ),
    peopleFinding(
      'in-session-not-active',
      'In a session but not active',
      leftButListed,
      'In the club’s web app, take them off the session’s members (freeing the place), or make them active again if they still swim.',
      (m) => ` (${sessionsOf(m.guid).join(', ')})`,
    ),
    sharedEmails(active.filter((m) => !isChild(m, today))),
    peopleFinding(
      'parents-all-left',
      'Parents whose swimmers have all left',
      allLeft,
      'Ask whether they stay on as members (a volunteer, a helper); if not, mark them as left in the club’s web app.',
    ),
  ];
}

/** Adults sharing one e-mail address: each address's people on one line. */
function sharedEmails(adults: readonly Member[]): CheckFinding {
  const byEmail = new Map<string, Member[]>();
  for (const adult of adults) {
    const email = adult.email?.trim().toLowerCase();
    if (email) byEmail.set(email, [...(byEmail.get(email) ?? []), adult]);
  }
  const shared = [...byEmail.values()].filter((people) => people.length > 1);
  return {
    check: 'duplicate-email',
    title: 'Adults sharing one e-mail address',
    count: shared.reduce((sum, people) => sum + people.length, 0),
    lines: shared.map((people) => `${people.map(displayName).join(' and ')} share one`),
    members: shared.flatMap((people) => people.map((person) => person.guid)),
    todo: 'Give each adult their own address in the club’s web app: the bot links chat accounts by e-mail, and cannot link a shared one.',
  };
}
