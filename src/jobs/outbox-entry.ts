import { isLastingSection } from '../commands/lasting-section.js';
import type { Reply, ReplySection } from '../commands/reply.js';
import type { ReplyAddress } from './reply-address.js';

/**
 * A reply waiting to be delivered: plain JSON. It may hold personal data, so it stays in Redis
 * only until delivered (or given up on).
 */
export interface OutboxEntry {
  /** The correlation id of the command or submission it answers. */
  id: string;
  replyTo: ReplyAddress;
  reply: Reply;
  /** When the adapter received the command, for the answer-latency metric. */
  receivedAt?: number;
  /** Deliveries tried so far. Default: 0. */
  attempts?: number;
}

/** The JSON of each lasting section, as UTF-8, for as long as the section lives. */
const encodedSections = new WeakMap<ReplySection, Buffer>();

const comma = Buffer.from(',');
const sectionsEnd = Buffer.from(']}}');

/**
 * `entry` as JSON in UTF-8: what `JSON.stringify` gives, read back, but with each lasting section
 * (see `lastingSection`) encoded once rather than on every command. A roster page or a who's who
 * list is most of a reply's bytes, and its JSON and UTF-8 encoding cost the worker more than the
 * rest of leaving the reply (see the README's Performance section).
 */
export function encodeOutboxEntry(entry: OutboxEntry): Buffer {
  const sections = entry.reply.sections;
  if (sections === undefined || !sections.some(isLastingSection)) {
    return Buffer.from(JSON.stringify(entry));
  }
  // The rest in one JSON.stringify, the reply last and its sections last in it: the JSON ends
  // `"sections":0}}`, and the sections go where the 0 was.
  const head = JSON.stringify(withSectionsLast(entry)).slice(0, -'0}}'.length);
  const parts: Buffer[] = [Buffer.from(`${head}[`)];
  sections.forEach((section, index) => {
    if (index > 0) parts.push(comma);
    parts.push(encodedSection(section));
  });
  parts.push(sectionsEnd);
  return Buffer.concat(parts);
}

/**
 * Every member of `entry` and of its reply, as one literal: the reply last, and 0 for its
 * sections, last in it. Each member is named (`satisfies` fails to compile when `OutboxEntry` or
 * `Reply` gains one that is not here); one literal of a fixed shape is what `JSON.stringify`
 * writes fastest (a third of the time of a call a member).
 */
function withSectionsLast(entry: OutboxEntry) {
  const { reply } = entry;
  return {
    id: entry.id,
    replyTo: entry.replyTo,
    receivedAt: entry.receivedAt,
    attempts: entry.attempts,
    reply: {
      title: reply.title,
      fields: reply.fields,
      footer: reply.footer,
      visibility: reply.visibility,
      personalData: reply.personalData,
      actions: reply.actions,
      tone: reply.tone,
      interim: reply.interim,
      audit: reply.audit,
      sections: 0,
    } satisfies Record<keyof Reply, unknown>,
  } satisfies Record<keyof OutboxEntry, unknown>;
}

function encodedSection(section: ReplySection): Buffer {
  if (!isLastingSection(section)) return Buffer.from(JSON.stringify(section));
  let encoded = encodedSections.get(section);
  if (encoded === undefined) {
    encoded = Buffer.from(JSON.stringify(section));
    encodedSections.set(section, encoded);
  }
  return encoded;
}
