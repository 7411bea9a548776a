/** The words of a choice without case, spaces, hyphens or underscores: "in-progress" is In Progress. */
const plain = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The choice a person meant: an exact name or value (any case, any spacing), else the one choice
 * that starts with what they typed, so "tue" and "Tues" are Tuesday and "in progress" is In Progress.
 */
export function findChoice<C extends { name: string; value: string }>(
  choices: readonly C[],
  typed: string,
): C | undefined {
  const wanted = plain(typed);
  const exact = choices.find((c) => plain(c.value) === wanted || plain(c.name) === wanted);
  if (exact || wanted.length < 2) return exact;
  const starting = choices.filter(
    (c) => plain(c.name).startsWith(wanted) || plain(c.value).startsWith(wanted),
  );
  return starting.length === 1 ? starting[0] : undefined;
}
