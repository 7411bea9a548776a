import type { ClubSession, NamedMembership } from '../../club/domain.js';
import { closestName } from '../../club/members/closest-name.js';

/** A session or a squad (a club group) whose people an email list is made from. */
export interface ListSource {
  kind: 'session' | 'squad';
  guid: string;
  name: string;
  /** Member Guids, as the session or group names them. */
  members: readonly string[];
}

/**
 * Right, or ask: exactly one session or squad of that name, or the near ones to offer as a
 * question (none: nothing like it). A suggestion is never filed from.
 */
export type SourceMatch = { exact: ListSource } | { suggestions: ListSource[] };

const plain = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** "Minnows squad" is the group, "Minnows session" the session: a last word that picks the kind. */
function readKind(typed: string): { name: string; kind?: ListSource['kind'] } {
  const match = /^(.*\S)\s+(session|squad|group)$/i.exec(typed.trim());
  if (!match) return { name: typed.trim() };
  return {
    name: match[1] ?? '',
    kind: match[2]?.toLowerCase() === 'session' ? 'session' : 'squad',
  };
}

/** Every current session and every group, as sources. */
export function listSources(
  sessions: readonly ClubSession[],
  groups: readonly NamedMembership[],
): ListSource[] {
  return [
    ...sessions
      .filter((session) => !session.archived)
      .map((session) => ({
        kind: 'session' as const,
        guid: session.guid,
        name: session.name,
        members: session.members.map((member) => member.guid),
      })),
    ...groups.map((group) => ({
      kind: 'squad' as const,
      guid: group.guid,
      name: group.name,
      members: group.members,
    })),
  ];
}

/**
 * The session or squad a person named: the one whose name is what they typed (any case or
 * spacing; "… squad" or "… session" picks between two of one name). Anything else is a question:
 * names every typed word starts a word of, or one a slip away.
 */
export function findListSource(typed: string, sources: readonly ListSource[]): SourceMatch {
  const { name, kind } = readKind(typed);
  const ofKind = sources.filter((source) => kind === undefined || source.kind === kind);
  const exact = ofKind.filter((source) => plain(source.name) === plain(name));
  if (exact.length === 1 && exact[0]) return { exact: exact[0] };
  if (exact.length > 1) return { suggestions: exact };
  const typedWords = wordsOf(name);
  const named = ofKind.filter(
    (source) =>
      typedWords.length > 0 &&
      typedWords.every((word) => wordsOf(source.name).some((part) => part.startsWith(word))),
  );
  if (named.length > 0) return { suggestions: named.slice(0, 5) };
  const close = closestName(
    name,
    ofKind.map((source) => source.name),
  );
  return { suggestions: ofKind.filter((source) => source.name === close).slice(0, 5) };
}

/** "Friday Minnows (session)": how a source is named where a session and a squad may share it. */
export function sourceLabel(source: ListSource): string {
  return `${source.name} (${source.kind})`;
}
