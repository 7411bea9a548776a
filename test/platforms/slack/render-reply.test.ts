import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/core/reply.js';
import { blockKitLimits, renderReply } from '../../../src/platforms/slack/render-reply.js';

const base = { visibility: 'asker', personalData: false } as const;

interface AnyBlock {
  type: string;
  text?: { type: string; text: string };
  fields?: { text: string }[];
  elements?: {
    type: string;
    text?: string | { text: string };
    action_id?: string;
    value?: string;
  }[];
}
const blocks = (reply: Reply, options = {}) =>
  renderReply(reply, options).map((message) => message.blocks as AnyBlock[]);

describe('renderReply', () => {
  it('when text holds <, > or &, every mrkdwn text is escaped, headers stay plain text', () => {
    const [message] = renderReply({
      ...base,
      title: 'Notes for <!here>',
      fields: [{ label: 'Coach <@U1>', value: 'A & B <!channel>' }],
      sections: [
        { kind: 'text', title: '<b>', text: '<https://evil.example|click>' },
        { kind: 'list', items: ['<!everyone>'] },
        { kind: 'table', columns: ['<x>'], rows: [['<@U2>']] },
      ],
      footer: 'data from <!date^1>',
    });
    const mrkdwn = JSON.stringify([message?.text, ...(message?.blocks.slice(1) ?? [])]);
    expect(mrkdwn).not.toMatch(/<[!@#]|<https/);
    const sent = JSON.stringify(message);
    expect(sent).toContain('A &amp; B &lt;!channel&gt;');
    expect(sent).toContain('&lt;https://evil.example|click&gt;');
    expect(message?.text).toContain('&lt;!here&gt;');
    expect(message?.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Notes for <!here>', emoji: true },
    });
  });

  it('when a title is longer than 150 characters, the header is cut to 150', () => {
    const [header] = blocks({ ...base, title: 'x'.repeat(400) })[0]!;
    expect(header?.text?.text).toHaveLength(150);
    expect(header?.text?.text.endsWith('…')).toBe(true);
  });

  it('when there are more than 10 fields, they take several sections of at most 10, each field within 2000', () => {
    const fields = Array.from({ length: 23 }, (_, index) => ({
      label: `F${index}`,
      value: 'v'.repeat(index === 0 ? 5000 : 3),
    }));
    const sections = blocks({ ...base, fields })[0]!.filter((block) => block.fields);
    expect(sections.map((section) => section.fields?.length)).toEqual([10, 10, 3]);
    for (const field of sections.flatMap((section) => section.fields ?? []))
      expect(field.text.length).toBeLessThanOrEqual(blockKitLimits.fieldText);
  });

  it('when a text is longer than 3000 characters, it is split into sections at line breaks', () => {
    const text = Array.from({ length: 200 }, (_, index) => `Line ${index} ${'&'.repeat(20)}`).join(
      '\n',
    );
    const sections = blocks({ ...base, sections: [{ kind: 'text', text }] }).flat();
    expect(sections.length).toBeGreaterThan(1);
    for (const section of sections) {
      expect(section.text?.text.length).toBeLessThanOrEqual(3000);
      // No escape is cut in half.
      expect(section.text?.text).not.toMatch(/&(?!amp;|lt;|gt;)/);
    }
    expect(sections.map((section) => section.text?.text).join('\n')).toContain('Line 199');
  });

  it('when a table has hundreds of rows, it becomes several messages of at most 50 blocks, buttons and footer on the last', () => {
    const rows = Array.from({ length: 2_000 }, (_, index) => [`Swimmer ${index}`, 'Tue']);
    const messages = renderReply(
      {
        ...base,
        title: 'Roster',
        sections: [{ kind: 'table', columns: ['Swimmer', 'Last'], rows }],
        footer: 'data from now',
        actions: [{ id: 'post', label: 'Post to channel', kind: 'post-to-channel' }],
      },
      { actionValues: { post: 'token' } },
    );
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(messages[1]?.blocks[0]).toMatchObject({
      type: 'header',
      text: { text: 'Roster (continued)' },
    });
    const last = messages.at(-1)!.blocks as AnyBlock[];
    expect(last.at(-1)?.type).toBe('actions');
    expect(last.at(-2)?.type).toBe('context');
    expect(
      messages
        .slice(0, -1)
        .every((message) => message.blocks.every((block) => block.type !== 'actions')),
    ).toBe(true);
    const all = messages
      .flatMap((message) => message.blocks as AnyBlock[])
      .map((block) => block.text?.text ?? '')
      .join('\n');
    expect(all).toContain('*Swimmer 0*\nLast: Tue');
    expect(all).toContain('*Swimmer 1999*');
  });

  it("when a reply's plain text is many times longer than a notification holds, the notification is its beginning, cut to 3000", () => {
    const rows = Array.from({ length: 2_000 }, (_, index) => [`Swimmer ${index} & co`, 'Tue']);
    const [first] = renderReply({
      ...base,
      title: 'Roster',
      sections: [{ kind: 'table', columns: ['Swimmer', 'Last'], rows }],
    });
    expect(first?.text.length).toBeLessThanOrEqual(blockKitLimits.sectionText);
    expect(first?.text.length).toBeGreaterThan(blockKitLimits.sectionText - 20);
    expect(first?.text).toMatch(/^Roster\nSwimmer \| Last\nSwimmer 0 &amp; co \| Tue\n/);
    expect(first?.text.endsWith('…')).toBe(true);
  });

  it('when a reply has personal data, it offers no "Post to channel", whatever its actions say', () => {
    const reply: Reply = {
      ...base,
      personalData: true,
      sections: [{ kind: 'text', text: 'Jane Smith, 07700 900123' }],
      actions: [{ id: 'post', label: 'Post to channel', kind: 'post-to-channel' }],
    };
    expect(JSON.stringify(renderReply(reply, { actionValues: { post: 'token' } }))).not.toContain(
      'post-to-channel',
    );
  });

  it('when a button needs kept state and has none, it is left out; a run-command button carries its command', () => {
    const [message] = blocks({
      ...base,
      sections: [{ kind: 'text', text: 'Which one?' }],
      actions: [
        { id: 'again', label: 'Try again', kind: 'reopen-form' },
        {
          id: 'member-1',
          label: 'Jane Smith (Swimmer)',
          kind: 'run-command',
          command: 'member',
          args: 'Jane Smith',
        },
      ],
    });
    const buttons = message!.flatMap((block) =>
      block.type === 'actions' ? (block.elements ?? []) : [],
    );
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toMatchObject({ action_id: 'run-command:member-1' });
    expect(JSON.parse(buttons[0]!.value!)).toEqual({ command: 'member', args: 'Jane Smith' });
  });
});
