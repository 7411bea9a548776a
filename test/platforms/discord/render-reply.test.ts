import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/core/reply.js';
import {
  escapeDiscordText,
  escapeMentions,
} from '../../../src/platforms/discord/escape-discord-text.js';
import {
  embedLimits,
  embedSize,
  renderEmbeds,
  toneColours,
} from '../../../src/platforms/discord/render-embeds.js';
import { renderReply } from '../../../src/platforms/discord/render-reply.js';

const reply = (overrides: Partial<Reply>): Reply => ({
  visibility: 'asker',
  personalData: false,
  ...overrides,
});

/** Every page within Discord's limits. */
function expectWithinLimits(pages: ReturnType<typeof renderEmbeds>) {
  for (const page of pages) {
    expect(page.length).toBeLessThanOrEqual(embedLimits.embedsPerMessage);
    expect(page.reduce((sum, embed) => sum + embedSize(embed), 0)).toBeLessThanOrEqual(
      embedLimits.totalPerMessage,
    );
    for (const embed of page) {
      expect(embed.title?.length ?? 0).toBeLessThanOrEqual(embedLimits.title);
      expect(embed.description?.length ?? 0).toBeLessThanOrEqual(embedLimits.description);
      expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(embedLimits.fields);
      for (const field of embed.fields ?? []) {
        expect(field.name.length).toBeLessThanOrEqual(embedLimits.fieldName);
        expect(field.value.length).toBeLessThanOrEqual(embedLimits.fieldValue);
      }
      expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(embedLimits.footer);
    }
  }
}

describe('escaping plain text for Discord', () => {
  it('when a name holds mentions, they are broken so they neither ping nor render', () => {
    const text = escapeMentions('@everyone @here <@123> <@!123> <@&456> <#789> </help:1> <t:1:R>');
    expect(text).not.toMatch(/@everyone|@here|<@|<#|<\/|<t:/);
    expect(text.replaceAll('\u200b', '')).toBe(
      '@everyone @here <@123> <@!123> <@&456> <#789> </help:1> <t:1:R>',
    );
  });

  it('when a name holds markdown, it is shown as typed', () => {
    expect(escapeDiscordText('**Jo** _Smith_ ~~x~~ `code` ||spoiler|| [link](http://x)')).toBe(
      '\\*\\*Jo\\*\\* \\_Smith\\_ \\~\\~x\\~\\~ \\`code\\` \\|\\|spoiler\\|\\| \\[link\\]\\(http://x\\)',
    );
    expect(escapeDiscordText('# Heading\n> quote\n- item\n-# small\n1. first')).toBe(
      '\\# Heading\n\\> quote\n\\- item\n\\-# small\n1\\. first',
    );
    expect(escapeDiscordText('Smith-Jones, 10 > 9')).toBe('Smith-Jones, 10 > 9');
  });
});

describe('rendering a reply as embeds', () => {
  it('when a roster is rendered, sections keep their order and the tone sets the colour', () => {
    const [page = []] = renderEmbeds(
      reply({
        title: 'Sessions: Tuesday',
        tone: 'warning',
        sections: [
          { kind: 'fields', title: 'Juniors', fields: [{ label: 'Time', value: '18:00–19:00' }] },
          { kind: 'table', columns: ['Swimmer', 'Last attended'], rows: [['Ann Lee', '3 Mar']] },
        ],
        footer: 'Data from 2 minutes ago',
      }),
    );
    expect(page.map((embed) => embed.title)).toEqual(['Sessions: Tuesday', 'Juniors', undefined]);
    expect(page[1]?.fields).toEqual([{ name: 'Time', value: '18:00–19:00', inline: true }]);
    expect(page[2]?.description).toBe('**Ann Lee**\nLast attended: 3 Mar');
    expect(page.every((embed) => embed.color === toneColours.warning)).toBe(true);
    expect(page.at(-1)?.footer?.text).toBe('Data from 2 minutes ago');
  });

  it('when a reply is far beyond one message, it is split into pages within every limit', () => {
    const long = 'x'.repeat(3_000);
    const pages = renderEmbeds(
      reply({
        title: 't'.repeat(400),
        fields: Array.from({ length: 40 }, (_, n) => ({ label: `L${n} ${long}`, value: long })),
        sections: [
          { kind: 'list', items: Array.from({ length: 2_000 }, (_, n) => `Swimmer ${n}`) },
          { kind: 'text', text: 'y'.repeat(9_000) },
        ],
        footer: 'f'.repeat(3_000),
      }),
    );
    expect(pages.length).toBeGreaterThan(3);
    expectWithinLimits(pages);
    expect(pages.every((page) => page.at(-1)?.footer?.text.length === embedLimits.footer)).toBe(
      true,
    );
    const listed = pages
      .flat()
      .map((embed) => embed.description ?? '')
      .join('\n');
    expect(listed).toContain('• Swimmer 0\n');
    expect(listed).toContain('• Swimmer 1999');
  });

  it('when a long reply has a pages id, each page gets Prev · n / N · Next', () => {
    const messages = renderReply(
      reply({
        sections: [{ kind: 'list', items: Array.from({ length: 800 }, (_, n) => `Item ${n}`) }],
      }),
      { pagesId: 'abc' },
    );
    expect(messages.length).toBeGreaterThan(1);
    const rows = messages.map((message) => message.components.at(-1)?.components ?? []);
    expect(rows[0]?.map((button) => [button.label, button.disabled])).toEqual([
      ['Prev', true],
      [`1 / ${messages.length}`, true],
      ['Next', false],
    ]);
    expect(rows[0]?.[2]?.custom_id).toBe('page:abc:1:next');
    expect(rows.at(-1)?.[2]?.disabled).toBe(true);
    expect(messages.every((message) => message.allowed_mentions.parse?.length === 0)).toBe(true);
  });

  it('when actions have ids, they become buttons; without an id they are left out', () => {
    const [message] = renderReply(
      reply({
        actions: [
          {
            id: 'a',
            label: 'Jane @everyone',
            kind: 'run-command',
            command: 'member',
            args: 'Jane',
          },
          { id: 'b', label: 'Post to channel', kind: 'post-to-channel' },
        ],
      }),
      {
        buttonId: (action) =>
          action.kind === 'run-command' ? `run:${action.command}:${action.args}` : undefined,
      },
    );
    expect(message?.components).toHaveLength(1);
    expect(message?.components[0]?.components.map((button) => button.custom_id)).toEqual([
      'run:member:Jane',
    ]);
    expect(message?.components[0]?.components[0]?.label).toBe('Jane @\u200beveryone');
  });
});
