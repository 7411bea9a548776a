import type { ReplySection } from '../../core/reply.js';

/** What one check found: how many, who, and what to do about it in the club's web app. */
export interface CheckFinding {
  /** Stable id, e.g. `dbs` or `no-date-of-birth`. */
  check: string;
  /** What the check looks for, as a heading ("Coaches' DBS: missing, lapsed or due in 30 days"). */
  title: string;
  /** How many people it found (a line may name more than one, e.g. a shared e-mail). */
  count: number;
  /** One line per finding, worst first: a name and what is wrong. */
  lines: string[];
  /** The Guids of the members named, for the audit trail. */
  members: string[];
  /** What to do in the club's web app. */
  todo: string;
}

/** A check names at most this many lines; the rest are counted ("and 12 more"). */
export const shownLines = 10;

/** Pure: one finding as a list: the count in its title, ten lines, "and N more", what to do. */
export function findingSection(finding: CheckFinding): ReplySection {
  const more = finding.lines.length - shownLines;
  return {
    kind: 'list',
    title: `${finding.title}: ${finding.count}`,
    items: [
      ...finding.lines.slice(0, shownLines),
      ...(more > 0 ? [`and ${more} more`] : []),
      `To do: ${finding.todo}`,
    ],
  };
}
