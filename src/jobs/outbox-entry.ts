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
  let head = '{';
  for (const key in entry) {
    if (key !== 'reply') head = member(head, key, entry[key as keyof OutboxEntry]);
  }
  head += `${head === '{' ? '' : ','}"reply":{`;
  const open = head;
  const reply: Reply = entry.reply;
  for (const key in reply) {
    if (key !== 'sections') head = member(head, key, reply[key as keyof Reply], open);
  }
  head += `${head === open ? '' : ','}"sections":[`;
  const parts: Buffer[] = [Buffer.from(head)];
  sections.forEach((section, index) => {
    if (index > 0) parts.push(comma);
    parts.push(encodedSection(section));
  });
  parts.push(sectionsEnd);
  return Buffer.concat(parts);
}

/** `json` with `"key":value` added, as `JSON.stringify` would (nothing for an undefined value). */
function member(json: string, key: string, value: unknown, open = '{'): string {
  const encoded: string | undefined = JSON.stringify(value);
  if (encoded === undefined) return json;
  return `${json}${json === open ? '' : ','}${JSON.stringify(key)}:${encoded}`;
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
