import { builtOncePer } from './built-once.js';
import type { Reply, ReplySection } from './reply.js';

const lasting = new WeakSet<ReplySection>();

/**
 * `section`, marked as built once and shown unchanged in many replies (a roster page, a who's who
 * category: see `builtOnce`). The worker then encodes it once for the outbox rather than on every
 * command, so it must not change after it is marked; a section built for one reply is left
 * unmarked.
 */
export function lastingSection<S extends ReplySection>(section: S): S {
  lasting.add(section);
  return section;
}

/** Whether `section` was marked with {@link lastingSection}. */
export function isLastingSection(section: ReplySection): boolean {
  return lasting.has(section);
}

/**
 * `reply`, made once per list and argument (see `builtOncePer`) with its sections marked lasting:
 * for a reply drawn from a cached list and a day or a choice, the same for every command asking.
 */
export function lastingReplyPer<K extends object, A>(
  reply: (list: K, argument: A) => Reply,
): (list: K, argument: A) => Reply {
  return builtOncePer((list: K, argument: A) => {
    const made = reply(list, argument);
    made.sections?.forEach((section) => lastingSection(section));
    return made;
  });
}
