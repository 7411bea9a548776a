import type { Member } from '../club/domain.js';
import { builtOnce } from './built-once.js';
import { displayName } from './display-name.js';

/**
 * Finds members by what a volunteer types: "Jane Smith", "Smith", a known-as name ("Tom" for
 * Thomas), any case, accents ignored ("Zoe" finds Zoë), words in any order, and one mistyped
 * letter in a name of five letters or more ("Smyth" finds Smith). A member's Guid finds that member.
 *
 * Exact matches win: a typo is only tolerated when nothing matches exactly, so "Smith" never also
 * brings up every "Smyth". Active members come first, then by name.
 */
export function findMembers(members: readonly Member[], query: string): Member[] {
  const trimmed = query.trim();
  const byGuid = byLowerGuid(members).get(trimmed.toLowerCase());
  if (byGuid) return [byGuid];
  const wanted = nameWords(trimmed);
  if (wanted.length === 0) return [];
  // An exact match has every typed word among its names: look only at the members who have the
  // rarest of them (in list order, as a scan would find them).
  const index = byNameWord(members);
  const candidates = wanted
    .map((word) => index.get(word) ?? [])
    .reduce((fewest, next) => (next.length < fewest.length ? next : fewest));
  const exact = candidates.filter((member) => matches(wanted, nameWordsOf(member), sameWord));
  const found =
    exact.length > 0
      ? exact
      : members.filter((member) => matches(wanted, nameWordsOf(member), nearWord));
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

/** Members by lower-case Guid, built once per members list (the cache hands out the same list). */
const byLowerGuid = builtOnce(
  (members: readonly Member[]): ReadonlyMap<string, Member> =>
    new Map(members.map((member) => [member.guid.toLowerCase(), member])),
);

/** Members by each word of their names, in list order, built once per members list. */
const byNameWord = builtOnce(
  (members: readonly Member[]): ReadonlyMap<string, readonly Member[]> => {
    const index = new Map<string, Member[]>();
    for (const member of members) {
      for (const word of new Set(nameWordsOf(member))) {
        const having = index.get(word);
        if (having) having.push(member);
        else index.set(word, [member]);
      }
    }
    return index;
  },
);

// A member's name words, worked out once per member record: the cache hands out the same records
// until the members change, and normalising every name on every lookup was most of a lookup.
const nameWordsOf = builtOnce((member: Member): readonly string[] =>
  nameWords([member.firstName, member.knownAs ?? '', member.lastName].join(' ')),
);

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
