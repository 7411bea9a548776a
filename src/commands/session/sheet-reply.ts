import type { ClubSession } from '../../club/domain.js';
import type { FreshMember } from '../../club/fresh-member.js';
import { displayName, isChild } from '../../club/members/members-of.js';
import type { Reply, ReplySection } from '../../core/reply.js';
import { sessionWhenWhere, type RosterDay } from './roster-reply.js';

/** Longest health line: a note of up to 4000 characters is cut, and /member details has it whole. */
const longestLine = 160;

const byName = new Intl.Collator('en-GB').compare;

/**
 * Pure: the poolside sheet of one session from its swimmers' records read just now: the
 * headcount; a line per swimmer with health notes, allergies or a disability noted; and each
 * child's first emergency contact. Shown to the asker only, audited per swimmer shown.
 */
export function sheetReply(
  session: ClubSession,
  fresh: readonly FreshMember[],
  day: RosterDay,
): Reply {
  const swimmers = [...fresh].sort((a, b) => byName(displayName(a.member), displayName(b.member)));
  const withNotes = swimmers.filter(({ sensitive }) => healthNote(sensitive) !== '');
  const children = swimmers.filter(({ member }) => isChild(member, day.today));
  const missing = session.members.length - fresh.length;
  const coaches = session.coaches.length;
  const shown = [...new Set([...withNotes, ...children].map(({ member }) => member.guid))];
  return {
    title: `Poolside sheet: ${session.name}`,
    fields: [
      { label: 'When', value: sessionWhenWhere(session, day) },
      {
        label: 'Headcount',
        value: `${plural(session.members.length, 'swimmer')}, ${plural(coaches, 'coach')}`,
      },
    ],
    sections: [
      healthSection(withNotes),
      ...(children.length > 0 ? [contactsSection(children)] : []),
      ...(missing > 0 ? [missingSection(missing)] : []),
    ],
    visibility: 'asker',
    personalData: true,
    audit: { members: shown, fieldGroups: ['health', 'emergency-contacts'] },
  };
}

/** "Asthma - carries inhaler; allergy: Sesame - carries antihistamine", cut to a phone's lines. */
function healthNote(sensitive: FreshMember['sensitive']): string {
  const notes = [
    sensitive.medicalHistory,
    sensitive.allergies && `allergy: ${sensitive.allergies}`,
    sensitive.disabilityDetails,
  ].filter(Boolean);
  return notes.join('; ');
}

function healthSection(withNotes: readonly FreshMember[]): ReplySection {
  if (withNotes.length === 0) {
    return { kind: 'text', text: 'No health notes or allergies are on record for these swimmers.' };
  }
  return {
    kind: 'list',
    title: `Health notes and allergies (${withNotes.length})`,
    items: withNotes.map(({ member, sensitive }) => {
      const line = `${displayName(member)}: ${healthNote(sensitive)}`;
      return line.length > longestLine ? `${line.slice(0, longestLine - 1)}…` : line;
    }),
  };
}

function contactsSection(children: readonly FreshMember[]): ReplySection {
  return {
    kind: 'list',
    title: 'First emergency contact (under 18s)',
    items: children.map(({ member }) => {
      const [first] = member.emergencyContacts;
      const contact = first ? [first.name, first.phone].filter(Boolean).join(' ') : '';
      return `${displayName(member)}: ${contact || 'none on record'}`;
    }),
  };
}

function missingSection(missing: number): ReplySection {
  return {
    kind: 'text',
    text: `${plural(missing, 'swimmer')} on the roster ${missing === 1 ? 'is' : 'are'} not in the club's records just now: ask the welfare officer.`,
  };
}

const plural = (count: number, noun: string) =>
  `${count} ${noun}${count === 1 ? '' : noun.endsWith('h') ? 'es' : 's'}`;
