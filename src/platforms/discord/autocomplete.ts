import type { APIApplicationCommandOptionChoice } from 'discord.js';
import { linkableMembers } from '../../access/linkable-member.js';
import type { ReadCache } from '../../cache/read-cache.js';
import { collectionKeys } from '../../cache/collection-schemas.js';
import { type ClubSession, type Member, weekdays } from '../../club/domain.js';
import type { CommandOption } from '../../core/command.js';
import { displayName } from '../../club/members/members-of.js';
import { nameWords } from '../../club/members/find-members.js';
import { inTimetableOrder } from '../../club/time/match-sessions.js';
import { unambiguousName } from '../../commands/member/member-choices-reply.js';
import { escapeMentions, truncate } from './escape-discord-text.js';

export type Choice = APIApplicationCommandOptionChoice<string>;

/** Discord shows 25 suggestions at most; names and values are 100 characters at most. */
export const maxSuggestions = 25;

/** Typed letters before member names are suggested: a name list is not browsed letter by letter. */
export const memberMinLetters = 2;

/**
 * Suggestions for an option, from what the cache holds. Never loads: an autocomplete must answer
 * within 3 s and never spends the club's daily budget; a cold cache suggests only the day words.
 */
export async function autocompleteChoices(
  kind: NonNullable<CommandOption['autocomplete']>,
  typed: string,
  cache: Pick<ReadCache, 'peek'>,
  today: string,
): Promise<Choice[]> {
  if (kind === 'sessions') {
    const sessions = await cache.peek(collectionKeys.sessions);
    return sessionSuggestions(sessions?.value ?? [], typed);
  }
  if (nameWords(typed).join('').length < memberMinLetters) return [];
  const members = (await cache.peek(collectionKeys.members))?.value ?? [];
  // Linking offers current adults only, never a child's name (see linkableMembers).
  return memberSuggestions(
    kind === 'linkable-members' ? linkableMembers(members, today) : members,
    typed,
  );
}

/** Pure: today, tonight, the weekdays and the running sessions' names that match what is typed. */
export function sessionSuggestions(sessions: readonly ClubSession[], typed: string): Choice[] {
  const names = inTimetableOrder(sessions.filter((session) => !session.archived)).map(
    (session) => session.name,
  );
  const candidates = [...new Set(['today', 'tonight', ...weekdays, ...names])];
  const wanted = typed.trim().toLowerCase();
  const starting = candidates.filter((candidate) => candidate.toLowerCase().startsWith(wanted));
  const containing = candidates.filter(
    (candidate) => !starting.includes(candidate) && candidate.toLowerCase().includes(wanted),
  );
  return [...starting, ...containing].slice(0, maxSuggestions).map((candidate) => ({
    name: truncate(escapeMentions(candidate), 100),
    value: truncate(candidate, 100),
  }));
}

/**
 * Pure: members whose names start with each typed word ("ja sm" → Jane Smith), active ones first.
 * The value is the full name when it finds only that member, else the Guid, so choosing a
 * suggestion always finds exactly that person.
 */
export function memberSuggestions(members: readonly Member[], typed: string): Choice[] {
  const wanted = nameWords(typed);
  if (wanted.length === 0) return [];
  const found = members
    .filter((member) => {
      const words = nameWords([member.firstName, member.knownAs ?? '', member.lastName].join(' '));
      return wanted.every((part) => words.some((word) => word.startsWith(part)));
    })
    .sort(
      (a, b) =>
        Number(b.active) - Number(a.active) ||
        displayName(a).localeCompare(displayName(b), 'en-GB'),
    )
    .slice(0, maxSuggestions);
  return found.map((member) => {
    const label = member.active ? displayName(member) : `${displayName(member)} (left the club)`;
    return {
      name: truncate(escapeMentions(label), 100),
      value: truncate(unambiguousName(member, members), 100),
    };
  });
}
