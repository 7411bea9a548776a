import type { CodeOfConductReading } from '../../cache/read-code-of-conduct.js';
import type { CodeOfConduct } from '../../club/code-of-conduct.js';
import type { Cached, ClubData } from '../../core/club-data.js';
import type { ReplySection } from '../../core/reply.js';
import type { BotRole } from '../../core/roles.js';
import { findingSection, type CheckFinding } from './check-finding.js';
import { membershipChecks } from './membership-checks.js';
import { welfareChecks } from './welfare-checks.js';

export const checkKinds = ['welfare', 'membership'] as const;
export type CheckKind = (typeof checkKinds)[number];

/** The kinds of checks a person with these roles sees: each officer their own. */
export function checkKindsFor(roles: readonly BotRole[]): CheckKind[] {
  return checkKinds.filter((kind) => roles.includes(kind));
}

/** The checks made, ready for a reply or a digest. */
export interface ChecksMade {
  sections: ReplySection[];
  /** How many people the checks found, over every check. */
  items: number;
  /** Whose records are named, for the audit trail. */
  members: string[];
  sources: Pick<Cached<unknown>, 'fetchedAt' | 'stale'>[];
}

/** What making the checks reads: cached collections, and the codes of conduct where served. */
export interface ChecksMaking {
  data: Pick<ClubData, 'members' | 'sessions' | 'groups'>;
  codeOfConduct?: () => Promise<CodeOfConductReading>;
  today: string;
}

/**
 * Reads what the kinds need (collections the cache holds) and makes their checks: one list per
 * check that found someone, then one line naming the checks that found nobody.
 */
export async function makeChecks(
  kinds: readonly CheckKind[],
  making: ChecksMaking,
): Promise<ChecksMade> {
  const { data, today } = making;
  const membership = kinds.includes('membership');
  const [members, sessions, groups, codes] = await Promise.all([
    data.members(),
    data.sessions(),
    membership ? data.groups() : undefined,
    kinds.includes('welfare') ? readCodes(making.codeOfConduct) : undefined,
  ]);
  const sections: ReplySection[] = [];
  const found: CheckFinding[] = [];
  for (const kind of kinds) {
    const findings =
      kind === 'welfare'
        ? welfareChecks({ members: members.value, sessions: sessions.value, today, codes })
        : membershipChecks({
            members: members.value,
            sessions: sessions.value,
            groups: groups?.value ?? [],
            today,
          });
    const clear = findings.filter((finding) => finding.count === 0).map((finding) => finding.title);
    if (kinds.length > 1)
      sections.push({
        kind: 'text',
        text: kind === 'welfare' ? 'Welfare checks' : 'Membership checks',
      });
    sections.push(...findings.filter((finding) => finding.count > 0).map(findingSection));
    if (clear.length > 0)
      sections.push({ kind: 'text', text: `Nobody found: ${clear.join('; ')}.` });
    found.push(...findings);
  }
  return {
    sections,
    items: found.reduce((sum, finding) => sum + finding.count, 0),
    members: [...new Set(found.flatMap((finding) => finding.members))],
    sources: [members, sessions, ...(groups ? [groups] : [])],
  };
}

/** The codes where the host serves them; a failed read leaves the check out, as a 404 does. */
async function readCodes(
  read: (() => Promise<CodeOfConductReading>) | undefined,
): Promise<readonly CodeOfConduct[] | undefined> {
  const reading = await read?.().catch(() => undefined);
  return reading?.served ? reading.codes : undefined;
}
