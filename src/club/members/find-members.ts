import type { Member } from '../domain.js';
import { displayName } from './members-of.js';
import { shortRefLength } from '../short-ref.js';

/**
 * What a typed name finds. Only `exact` members answer the question; `suggestions` are near
 * spellings the caller must offer as a question ("Did you mean …?") and show nothing else of.
 */
export type MemberMatch = { exact: Member[] } | { suggestions: Member[] };

/**
 * Finds members by what a volunteer types. Exact: "Jane Smith", "Smith", a known-as name ("Tom"
 * for Thomas), any case, accents and apostrophes ignored ("Zoe" finds Zoë), words in any order,
 * a member's Guid or its first 8 characters (the reference the bot shows). When nothing is exact,
 * near matches become suggestions: one letter wrong in a name of five letters or more ("Smyth"),
 * an initial ("J Smith"), the start of a word ("Smi"). Active members come first, then by name.
 */
export function findMembers(members: readonly Member[], query: string): MemberMatch {
  const trimmed = query.trim().toLowerCase();
  const byGuid = members.filter((member) => member.guid.toLowerCase() === trimmed);
  if (byGuid.length > 0) return { exact: byGuid };
  if (/^[0-9a-f]{8}$/.test(trimmed)) {
    const byRef = members.filter(
      (member) => member.guid.slice(0, shortRefLength).toLowerCase() === trimmed,
    );
    if (byRef.length > 0) return { exact: inNameOrder(byRef) };
  }
  const wanted = nameWords(trimmed);
  if (wanted.length === 0) return { suggestions: [] };
  const named = members.map((member) => ({ member, words: nameWordsOf(member) }));
  const exact = named.filter(({ words }) => matches(wanted, words, sameWord));
  if (exact.length > 0) return { exact: inNameOrder(exact.map(({ member }) => member)) };
  const near = named.filter(({ words }) => matches(wanted, words, nearWord));
  return { suggestions: inNameOrder(near.map(({ member }) => member)) };
}

/** The members a match found exactly; none for suggestions. */
export function exactMembers(match: MemberMatch): Member[] {
  return 'exact' in match ? match.exact : [];
}

function inNameOrder(found: readonly Member[]): Member[] {
  return [...found].sort(
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

/** One slip, an initial, or the start of a name (three letters at least). */
function nearWord(typed: string, name: string): boolean {
  return (
    typed === name ||
    (name.length >= 5 && withinOneEdit(typed, name)) ||
    (typed.length === 1 && name.startsWith(typed)) ||
    (typed.length >= 3 && name.startsWith(typed))
  );
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
