import { clubClock, formatDay, shownAge } from '../../club/time/club-time.js';
import type { WaitingListPerson } from '../../club/domain.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge, type Reply, type ReplyAction, type ReplySection } from '../../core/reply.js';
import { freePlaces, type FreePlaces, type OpenSession } from './free-places.js';
import { offerTrialAction } from './offer-trial.js';

/** Each session names this many people waiting; buttons are offered for this many in all. */
const shownPerSession = 5;
const shownButtons = 5;

/**
 * Pure: sessions with someone waiting of their ages, each with its free places, age range and
 * the people (oldest request first); then, one line each, sessions with room but nobody of those
 * ages waiting, and full sessions. With `offerTrials`, a button per person (five at most) opens
 * the trial form filled in.
 */
export function placesReply(places: FreePlaces, today: string, offerTrials: boolean): Reply {
  const matched = places.open.filter((open) => open.waiting.length > 0);
  const unmatched = places.open.filter((open) => open.ages && open.waiting.length === 0);
  const ageless = places.open.filter((open) => !open.ages);
  const sections: ReplySection[] = matched.map((open) => ({
    kind: 'list',
    title: `${open.session.name}: ${roomOf(open)}, ages ${open.ages?.min}–${open.ages?.max}`,
    items: [
      ...open.waiting.slice(0, shownPerSession).map((person) => waitingLine(person, today)),
      ...(open.waiting.length > shownPerSession
        ? [`and ${open.waiting.length - shownPerSession} more`]
        : []),
    ],
  }));
  if (unmatched.length > 0) {
    const names = unmatched.map((open) => `${open.session.name} (${roomOf(open)})`);
    sections.push({
      kind: 'text',
      text: `Room, nobody of those ages waiting: ${names.join('; ')}.`,
    });
  }
  if (ageless.length > 0) {
    const names = ageless.map((open) => `${open.session.name} (${roomOf(open)})`);
    sections.push({
      kind: 'text',
      text: `Room, no swimmers to take ages from: ${names.join('; ')}.`,
    });
  }
  if (places.full.length > 0) {
    const names = places.full.map((s) => `${s.name} (${s.members.length} of ${s.maxMembers})`);
    sections.push({ kind: 'text', text: `Full: ${names.join('; ')}.` });
  }
  if (places.open.length === 0 && places.full.length === 0)
    sections.push({ kind: 'text', text: 'The club has no current sessions.' });
  const offered = new Map<string, ReplyAction>();
  for (const open of matched) {
    for (const person of open.waiting) {
      if (offered.size < shownButtons && !offered.has(person.guid))
        offered.set(person.guid, offerTrialAction(person, open.session.name));
    }
  }
  return {
    title: 'Free places',
    sections,
    visibility: 'asker',
    personalData: true,
    ...(offerTrials && offered.size > 0 ? { actions: [...offered.values()] } : {}),
    audit: { members: [], fieldGroups: ['waiting-list'] },
  };
}

/** "3 of 40 places free", or "no limit set". */
function roomOf(open: OpenSession): string {
  if (open.free === undefined) return 'no limit set';
  return `${open.free} of ${open.session.maxMembers} free`;
}

/** "Ada Lovelace, 9, waiting since Wed 3 Dec 2025". */
function waitingLine(person: WaitingListPerson, today: string): string {
  const age = shownAge(person.dateOfBirth, today);
  const since = person.dateAdded ? `waiting since ${formatDay(person.dateAdded, today)}` : '';
  return [`${person.firstName} ${person.lastName}`.trim(), age, since].filter(Boolean).join(', ');
}

export const places = {
  kind: 'query',
  name: 'places',
  description: 'Sessions with free places, and who on the waiting list is of their ages.',
  options: [],
  examples: ['/places'],
  roles: ['membership', 'head-coach'],
  personalData: true,
  needsClub: true,
  async handle({ data, now, timezone, mayRun }): Promise<Reply> {
    const today = clubClock(now, timezone).date;
    const [sessions, members, waitingList] = await Promise.all([
      data.sessions(),
      data.members(),
      data.waitingList(),
    ]);
    const found = freePlaces({
      sessions: sessions.value,
      members: members.value,
      waitingList: waitingList.value,
      today,
    });
    // The button opens /trial new: offered only to those who may run it.
    const reply = placesReply(found, today, mayRun('trial new'));
    return { ...reply, footer: dataAge([sessions, members, waitingList], now) };
  },
} satisfies CommandDefinition;
