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
  // The entry's and the reply's other members first, then the sections, so the reply closes last.
  const reply = [...membersOf(entry.reply, 'sections'), '"sections":['].join(',');
  const head = `{${[...membersOf(entry, 'reply'), `"reply":{${reply}`].join(',')}`;
  const parts: Buffer[] = [Buffer.from(head)];
  sections.forEach((section, index) => {
    if (index > 0) parts.push(comma);
    parts.push(encodedSection(section));
  });
  parts.push(sectionsEnd);
  return Buffer.concat(parts);
}

/** `"key":value` for each member but `except`, as `JSON.stringify` writes them (none if undefined). */
function membersOf(object: object, except: string): string[] {
  const members: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    const json: string | undefined = key === except ? undefined : JSON.stringify(value);
    if (json !== undefined) members.push(`${JSON.stringify(key)}:${json}`);
  }
  return members;
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
