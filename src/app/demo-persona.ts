import { deriveRoles } from '../access/access-policy.js';
import { decodeAll, decodeRole, decodeSession } from '../club/decode-records.js';
import { decodeMember } from '../club/decode-member.js';
import type { Member } from '../club/domain.js';
import { displayName, isChild } from '../club/members/members-of.js';
import type { BotRole } from '../core/roles.js';

/** Who the demo's person can be (`npm run demo -- --as coach`). */
export const demoRoles = [
  'welfare',
  'coach',
  'head-coach',
  'membership',
  'member',
  'unlinked',
] as const;
export type DemoRole = (typeof demoRoles)[number];

/** Who the demo's person is: a seeded member, linked by their e-mail as a real one would be. */
export interface DemoPersona {
  name: string;
  email: string;
  /** What they are in the club, e.g. "Welfare Officer" or "a coach of Tuesday Juniors". */
  role: string;
}

/** The bot roles that make each persona: a coach holds no office, a member nothing at all. */
const fits: Record<Exclude<DemoRole, 'unlinked'>, (roles: readonly BotRole[]) => boolean> = {
  welfare: (roles) => roles.includes('welfare'),
  membership: (roles) => roles.includes('membership'),
  'head-coach': (roles) => roles.includes('head-coach'),
  coach: (roles) => roles.includes('coach') && roles.length === 2,
  member: (roles) => roles.length === 1,
};

/**
 * The seeded member the demo runs as. Only an adult whose e-mail no other member shares is
 * chosen, so the bot links them by it; a coach also coaches a session, so /session has a roster.
 */
export function demoPersona(
  users: readonly unknown[],
  roles: readonly unknown[],
  as: Exclude<DemoRole, 'unlinked'> = 'welfare',
  sessions: readonly unknown[] = [],
  today: string = new Date().toISOString().slice(0, 10),
): DemoPersona | undefined {
  const members = decodeAll([...users], decodeMember).values.filter((member) => member.active);
  const clubRoles = decodeAll([...roles], decodeRole).values;
  const coached = decodeAll([...sessions], decodeSession).values.filter((s) => !s.archived);
  const emails = new Map<string, number>();
  for (const member of members) {
    const email = member.email?.trim().toLowerCase();
    if (email) emails.set(email, (emails.get(email) ?? 0) + 1);
  }
  const linkable = (member: Member) =>
    emails.get(member.email?.trim().toLowerCase() ?? '') === 1 && !isChild(member, today);
  const theirSession = (member: Member) =>
    coached.find((session) => session.coaches.some((coach) => coach.guid === member.guid));
  const member = members.find(
    (candidate) =>
      linkable(candidate) &&
      fits[as](deriveRoles(candidate, clubRoles)) &&
      (as !== 'coach' || theirSession(candidate) !== undefined),
  );
  if (!member?.email) return undefined;
  const office = clubRoles.find(
    (role) =>
      role.members.includes(member.guid) && new RegExp(as.replace('-', ' '), 'i').test(role.name),
  );
  const role =
    as === 'coach'
      ? `a coach of ${theirSession(member)?.name ?? 'the club'}`
      : as === 'member'
        ? 'a member with no office'
        : (office?.name ?? as);
  return { name: displayName(member), email: member.email, role };
}

/** What `npm run demo -- [--as <role>] [commands…]` asks for. */
export type DemoArgs = { as?: DemoRole; commands: string[] } | { error: string } | { help: string };

/** Who each `--as` is, for `--help`. */
const personaNotes: Record<DemoRole, string> = {
  welfare:
    'the Welfare Officer, /checks (without --as: the same person, every role, /event new too)',
  coach: 'a coach of one session, holding no office',
  'head-coach': 'the Head Coach: every roster, /places, lapsed DBS on /today',
  membership:
    'the Membership Secretary (/trial new, /places, /checks, /emaillist from Tuesday Juniors)',
  member: 'an adult member with no office',
  unlinked: 'someone the club’s records do not know',
};

/** The demo's usage and personas, as `npm run demo -- --help` prints them. */
export function demoUsage(): string {
  return [
    'Usage: npm run demo -- [--as <persona>] ["/command …" …]',
    '',
    'Starts a private Redis, a simulated club service with a fictional club, a worker and a chat',
    'in this terminal. With commands, answers each and exits; without, asks until Ctrl-D.',
    '',
    'Personas (--as):',
    ...demoRoles.map((role) => `  ${role.padEnd(11)} ${personaNotes[role]}`),
    '',
    'Examples:',
    '  npm run demo -- "/session tomorrow"',
    '  npm run demo -- --as coach "/member Smith" "/session"',
    '  npm run demo -- --as membership "/emaillist from Tuesday Juniors"',
  ].join('\n');
}

/** Pure: reads `--as coach` or `--as=coach` anywhere, and `--help`; every other argument is a command. */
export function readDemoArgs(argv: readonly string[]): DemoArgs {
  const commands: string[] = [];
  let as: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--help' || arg === '-h') return { help: demoUsage() };
    if (arg === '--as') as = argv[(index += 1)] ?? '';
    else if (arg.startsWith('--as=')) as = arg.slice('--as='.length);
    else commands.push(arg);
  }
  if (as === undefined) return { commands };
  const role = demoRoles.find((candidate) => candidate === as?.toLowerCase());
  return role
    ? { as: role, commands }
    : { error: `--as takes one of: ${demoRoles.join(', ')} (not "${as}").` };
}
