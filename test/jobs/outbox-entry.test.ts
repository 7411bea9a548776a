import { describe, expect, it } from 'vitest';
import { lastingSection } from '../../src/commands/lasting-section.js';
import type { Reply, ReplySection } from '../../src/commands/reply.js';
import { encodeOutboxEntry, type OutboxEntry } from '../../src/jobs/outbox-entry.js';

const roster = (): ReplySection => ({
  kind: 'table',
  title: 'Swimmers 1–2 of 2',
  columns: ['Swimmer', 'Last attended'],
  rows: [
    ['Zoë "Z" O\'Brien \\ 🏊', 'Tue 3 Mar 2026'],
    ['<!channel> Åsa', 'Not recorded'],
  ],
});

const reply = (sections: ReplySection[], extra: Partial<Reply> = {}): Reply => ({
  title: 'Sessions: Tuesday',
  sections,
  footer: undefined,
  visibility: 'asker',
  personalData: true,
  actions: [{ id: 'roster-next', label: 'More', kind: 'run-command', command: 'session' }],
  ...extra,
});

const entry = (body: Reply, extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 'c-1',
  replyTo: { platform: 'console', conversationId: 'conv-1' },
  reply: body,
  receivedAt: 1_780_000_000_000,
  ...extra,
});

const readBack = (encoded: Buffer): unknown => JSON.parse(encoded.toString('utf8'));
const asJson = (value: OutboxEntry): unknown => JSON.parse(JSON.stringify(value));

describe('an outbox entry encoded for Redis', () => {
  it('reads back as its JSON does when it has lasting sections, whatever the text', () => {
    const details: ReplySection = lastingSection({
      kind: 'fields',
      title: 'Juniors',
      fields: [{ label: 'Time', value: '18:00–19:15' }],
    });
    const lasting = entry(reply([details, lastingSection(roster())]));
    expect(readBack(encodeOutboxEntry(lasting))).toEqual(asJson(lasting));
  });

  it('reads back as its JSON does with lasting and one-off sections mixed, in their order', () => {
    const sections = [roster(), lastingSection(roster()), { kind: 'text', text: 'x' } as const];
    const mixed = entry(reply(sections, { footer: 'data from 4 minutes ago', tone: 'info' }), {
      attempts: 2,
    });
    expect(readBack(encodeOutboxEntry(mixed))).toEqual(asJson(mixed));
  });

  it('leaves out what JSON leaves out: members that are undefined', () => {
    const sparse = entry(reply([lastingSection(roster())], { actions: undefined }), {
      receivedAt: undefined,
    });
    const read = readBack(encodeOutboxEntry(sparse)) as Record<string, unknown>;
    expect(read).toEqual(asJson(sparse));
    expect(Object.keys(read)).not.toContain('receivedAt');
    expect(Object.keys(read.reply as object)).not.toContain('actions');
  });

  it('is the JSON itself when no section is lasting', () => {
    const plain = entry(reply([roster()]));
    expect(encodeOutboxEntry(plain).toString('utf8')).toBe(JSON.stringify(plain));
    const none = entry(reply([], { sections: undefined }));
    expect(encodeOutboxEntry(none).toString('utf8')).toBe(JSON.stringify(none));
  });

  it('reads back right each time a lasting section is shown again, in other replies', () => {
    const shared = lastingSection(roster());
    const first = entry(reply([shared]), { id: 'c-1' });
    const second = entry(reply([shared], { title: 'Sessions: today' }), { id: 'c-2' });
    expect(readBack(encodeOutboxEntry(first))).toEqual(asJson(first));
    expect(readBack(encodeOutboxEntry(second))).toEqual(asJson(second));
  });
});
