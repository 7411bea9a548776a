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
 * `reply`, each of its sections marked with {@link lastingSection}: for a reply built once and
 * shown unchanged to many commands (see `builtOncePer`).
 */
export function withLastingSections<R extends Reply>(reply: R): R {
  reply.sections?.forEach((section) => lastingSection(section));
  return reply;
}
