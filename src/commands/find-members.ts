import type { Member } from '../club/domain.js';
import { displayName } from './display-name.js';
import { byRef } from './short-ref.js';

/**
 * Finds members by what a volunteer types: "Jane Smith", "Smith", a known-as name ("Tom" for
 * Thomas), any case, accents ignored ("Zoe" finds Zoë), words in any order, and one mistyped
 * letter in a name of five letters or more ("Smyth" finds Smith). A member's Guid or reference finds them.
 *
 * Exact matches win: a typo is only tolerated when nothing matches exactly, so "Smith" never also
 * brings up every "Smyth". Active members come first, then by name.
 */
export function findMembers(members: readonly Member[], query: string): Member[] {
  const trimmed = query.trim();
  const byGuid = members.find((member) => member.guid.toLowerCase() === trimmed.toLowerCase());
  if (byGuid) return [byGuid];
  // The 8-character reference the bot shows names one member too.
  const referenced = byRef(members, trimmed);
  if (referenced.length === 1) return referenced;
  const wanted = nameWords(trimmed);
  if (wanted.length === 0) return [];
  const named = members.map((member) => ({ member, words: nameWordsOf(member) }));
  const exact = named.filter(({ words }) => matches(wanted, words, sameWord));
  const found = (
    exact.length > 0 ? exact : named.filter(({ words }) => matches(wanted, words, nearWord))
  ).map(({ member }) => member);
  return found.sort(
    (a, b) =>
      Number(b.active) - Number(a.active) || displayName(a).localeCompare(displayName(b), 'en-GB'),
  );
}

/** Lower case, accents and apostrophes dropped, hyphens as spaces: "O'Brien-Zoë" → obrien, zoe. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function nameWordsOf(member: Member): string[] {
  return nameWords([member.firstName, member.knownAs ?? '', member.lastName].join(' '));
}

/** Every typed word matches a different word of the member's names. */
function matches(
  wanted: readonly string[],
  words: readonly string[],
  same: (typed: string, name: string) => boolean,
): boolean {
  const free = [...words];
  for (const typed of wanted) {
    const index = free.findIndex((name) => same(typed, name));
    if (index < 0) return false;
    free.splice(index, 1);
  }
  return true;
}

function sameWord(typed: string, name: string): boolean {
  return typed === name;
}

function nearWord(typed: string, name: string): boolean {
  return typed === name || (name.length >= 5 && withinOneEdit(typed, name));
}

/** One letter wrong, missing, extra, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    const rest = start + 1;
    if (a.slice(rest) === b.slice(rest)) return true;
    return (
      a[start] === b[start + 1] &&
      a[start + 1] === b[start] &&
      a.slice(rest + 1) === b.slice(rest + 1)
    );
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(start + 1) === shorter.slice(start);
}
