import { weekdays } from '../../src/club/domain.js';
import type { BenchClub, BenchPerson } from './club-people.js';
import { shuffle } from './stats.js';

/** What a command of the day is. `incident-new` is the form's submission, filed by the worker. */
export type CommandKind =
  | 'session'
  | 'whoswho'
  | 'member'
  | 'events'
  | 'meets'
  | 'incident-new'
  | 'sessions'
  | 'incident-list'
  | 'help';

/** One command a person sends: as Slack sends it (`/incident`, `list open`). */
export interface PlannedCommand {
  kind: CommandKind;
  person: BenchPerson;
  /** The slash command, e.g. `/session`. */
  slash: string;
  text: string;
}

/**
 * Issue 9's club day, per 100 commands: 40 /session, 25 /whoswho, 10 /member, 5 /events,
 * 5 /meets, 5 /incident new, and 10 others (4 /sessions, 3 /incident list, 3 /help).
 */
export const clubDayShares: Record<CommandKind, number> = {
  session: 40,
  whoswho: 25,
  member: 10,
  events: 5,
  meets: 5,
  'incident-new': 5,
  sessions: 4,
  'incident-list': 3,
  help: 3,
};

/** The commands of issue 9's mix that the worker answers by reading (no form, no /help). */
export const readShares: Partial<Record<CommandKind, number>> = {
  session: 40,
  whoswho: 25,
  member: 10,
  events: 5,
  meets: 5,
  sessions: 4,
};

/**
 * `count` commands in the given shares, in a shuffled but repeatable order, each from a person
 * entitled to run it (/incident list from the welfare people only).
 */
export function planCommands(
  club: BenchClub,
  count: number,
  shares: Partial<Record<CommandKind, number>>,
  random: () => number,
): PlannedCommand[] {
  const total = Object.values(shares).reduce((sum, share) => sum + (share ?? 0), 0);
  const kinds: CommandKind[] = [];
  const entries = Object.entries(shares) as [CommandKind, number][];
  entries.forEach(([kind, share], index) => {
    // The last kind takes the rounding remainder, so there are exactly `count`.
    const n =
      index === entries.length - 1 ? count - kinds.length : Math.round((count * share) / total);
    for (let i = 0; i < n; i += 1) kinds.push(kind);
  });
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const welfare = club.people.filter((person) => person.roles.includes('welfare'));
  return shuffle(kinds, random).map((kind) => {
    const person = pick(kind === 'incident-list' ? welfare : club.people);
    return { kind, person, ...slashOf(kind, club, pick) };
  });
}

function slashOf(
  kind: CommandKind,
  club: BenchClub,
  pick: <T>(items: readonly T[]) => T,
): { slash: string; text: string } {
  switch (kind) {
    case 'session':
      return {
        slash: '/session',
        text: pick(['tonight', 'today', ...weekdays, ...club.sessionNames.slice(0, 5)]),
      };
    case 'whoswho':
      return { slash: '/whoswho', text: pick(['', '', 'welfare', 'coach']) };
    case 'member':
      return { slash: '/member', text: pick(club.memberNames) };
    case 'events':
      return { slash: '/events', text: '' };
    case 'meets':
      return { slash: '/meets', text: '' };
    case 'incident-new':
      return { slash: '/incident', text: 'new' };
    case 'sessions':
      return { slash: '/sessions', text: '' };
    case 'incident-list':
      return { slash: '/incident', text: 'list' };
    case 'help':
      return { slash: '/help', text: '' };
  }
}
