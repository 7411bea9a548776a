import type { RoleRule } from '../../src/access/access-policy.js';
import { decideAsker } from '../../src/access/asker.js';
import { decodeAll, decodeRole, decodeSession } from '../../src/club/decode-records.js';
import { decodeMember } from '../../src/club/decode-member.js';
import type { Member } from '../../src/club/domain.js';
import type { BotRole } from '../../src/core/roles.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { benchPolicy } from './bench-setup.js';

/** A volunteer in Slack, linked to a seeded member by the email Slack holds for them. */
export interface BenchPerson {
  userId: string;
  email: string;
  memberGuid: string;
  roles: BotRole[];
}

/** The people who send the commands, the grants that entitle them, and the club's names. */
export interface BenchClub {
  people: BenchPerson[];
  grants: RoleRule[];
  /** Full names of active members, to look up with /member. */
  memberNames: string[];
  /** Session names, to ask /session for. */
  sessionNames: string[];
}

/**
 * Picks `count` people from the seeded club: first those whose club records already entitle them
 * (coaches, committee, welfare), then other adults with an email of their own. Everyone gets
 * `coach` by policy unless the records give coach or welfare, so all may run /session and
 * /member; `welfareCount` of them also get `welfare` (for /incident list).
 */
export function pickPeople(simulator: RunningSimulator, count = 40, welfareCount = 4): BenchClub {
  const members = decodeAll(simulator.admin.records('users'), decodeMember).values;
  const clubRoles = decodeAll(simulator.admin.records('roles'), decodeRole).values;
  const emailCounts = new Map<string, number>();
  for (const member of members) {
    const email = member.email?.toLowerCase();
    if (email) emailCounts.set(email, (emailCounts.get(email) ?? 0) + 1);
  }
  const candidates = members.filter(
    (member) => member.active && member.email && emailCounts.get(member.email.toLowerCase()) === 1,
  );
  const entitled = (member: Member) =>
    member.isCoach ||
    member.isCommitteeMember ||
    clubRoles.some((role) => role.members.includes(member.guid) && /welfare/i.test(role.name));
  const chosen = [
    ...candidates.filter(entitled),
    ...candidates.filter((member) => !entitled(member)),
  ].slice(0, count);
  if (chosen.length < count)
    throw new Error(`the seeded club has only ${chosen.length} people to pick`);

  const grants: RoleRule[] = [];
  const people = chosen.map((member, index): BenchPerson => {
    const userId = `UBENCH${String(index).padStart(3, '0')}`;
    const derived = decideAsker(
      { platform: 'slack', userId, email: member.email },
      members,
      clubRoles,
      benchPolicy([]),
    ).roles;
    const extra: BotRole[] = [];
    if (!derived.includes('coach') && !derived.includes('welfare')) extra.push('coach');
    if (index < welfareCount && !derived.includes('welfare')) extra.push('welfare');
    if (extra.length > 0) grants.push({ platform: 'slack', user: userId, roles: extra });
    return {
      userId,
      email: member.email ?? '',
      memberGuid: member.guid,
      roles: [...new Set([...derived, ...extra])],
    };
  });
  // The check that the people are who the bot will think they are.
  const policy = benchPolicy(grants);
  for (const person of people) {
    const asker = decideAsker(
      { platform: 'slack', userId: person.userId, email: person.email },
      members,
      clubRoles,
      policy,
    );
    if (asker.memberGuid !== person.memberGuid) throw new Error(`${person.userId} is not linked`);
  }
  const sessionNames = [
    ...new Set(
      decodeAll(simulator.admin.records('sessions'), decodeSession).values.map((s) => s.name),
    ),
  ];
  return {
    people,
    grants,
    memberNames: members
      .filter((member) => member.active)
      .map((member) => `${member.firstName} ${member.lastName}`),
    sessionNames,
  };
}
