import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Reply, ReplySection, ReplyTone } from '../../core/reply.js';
import { rowLines } from '../row-lines.js';
import { escapeDiscordText, escapeMentions, truncate } from './escape-discord-text.js';

/** Discord's embed limits (characters; JavaScript string length over-counts, which is safe). */
export const embedLimits = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  /** Title, description, field names and values, and footer of every embed of one message. */
  totalPerMessage: 6000,
  embedsPerMessage: 10,
} as const;

/** The frame colour by tone: Discord's blurple, green, yellow and red. */
export const toneColours: Readonly<Record<ReplyTone, number>> = {
  info: 0x5865f2,
  success: 0x57f287,
  warning: 0xfee75c,
  error: 0xed4245,
};

/** One embed before limits: a title, description lines, then fields (shown under the lines). */
interface Block {
  title?: string;
  lines: string[];
  fields: APIEmbedField[];
}

/**
 * Pure: the reply as pages of embeds, each page one message within Discord's limits (≤ 10 embeds,
 * ≤ 6000 characters, every part within its own limit). Sections keep their order: a fields
 * section opens a new embed, and text after fields opens another, because Discord shows an
 * embed's description above its fields. Every page carries the colour and the footer.
 */
export function renderEmbeds(reply: Reply): APIEmbed[][] {
  const footer = reply.footer
    ? truncate(escapeMentions(reply.footer), embedLimits.footer)
    : undefined;
  const budget = embedLimits.totalPerMessage - (footer?.length ?? 0);
  const colour = toneColours[reply.tone ?? 'info'];
  const embeds = toBlocks(reply).flatMap((block) => blockToEmbeds(block, budget));
  if (embeds.length === 0) embeds.push({ description: '(nothing to show)' });

  const pages: APIEmbed[][] = [];
  let page: APIEmbed[] = [];
  let pageSize = 0;
  for (const embed of embeds) {
    const size = embedSize(embed);
    if (
      page.length > 0 &&
      (page.length === embedLimits.embedsPerMessage || pageSize + size > budget)
    ) {
      pages.push(page);
      page = [];
      pageSize = 0;
    }
    page.push({ ...embed, color: colour });
    pageSize += size;
  }
  pages.push(page);
  if (!footer) return pages;
  return pages.map((embedsOfPage) =>
    embedsOfPage.map((embed, index) =>
      index === embedsOfPage.length - 1 ? { ...embed, footer: { text: footer } } : embed,
    ),
  );
}

/** Characters Discord counts toward the 6000 of a message (the footer is counted separately). */
export function embedSize(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0) +
    (embed.footer?.text.length ?? 0)
  );
}

function toBlocks(reply: Reply): Block[] {
  let block: Block = {
    title: reply.title ? escapeDiscordText(reply.title) : undefined,
    lines: [],
    fields: (reply.fields ?? []).map((field) => toField(field.label, field.value)),
  };
  const blocks = [block];
  for (const section of reply.sections ?? []) {
    if (section.kind === 'fields') {
      const fields = section.fields.map((field) => toField(field.label, field.value));
      if (section.title || block.lines.length > 0 || block.fields.length > 0) {
        block = {
          title: section.title ? escapeDiscordText(section.title) : undefined,
          lines: [],
          fields,
        };
        blocks.push(block);
      } else block.fields.push(...fields);
      continue;
    }
    const lines = sectionLines(section);
    if (block.fields.length > 0) {
      block = { lines, fields: [] };
      blocks.push(block);
    } else block.lines.push(...lines);
  }
  return blocks;
}

function sectionLines(section: Exclude<ReplySection, { kind: 'fields' }>): string[] {
  const heading = section.title ? [`**${escapeDiscordText(section.title)}**`] : [];
  switch (section.kind) {
    case 'text':
      return [...heading, ...escapeDiscordText(section.text).split('\n')];
    case 'list':
      return [...heading, ...section.items.map((item) => `• ${escapeDiscordText(item)}`)];
    case 'table':
      // Discord has no tables, nor a phone the width for one: a row is a bold line and short ones.
      return [
        ...heading,
        ...section.rows.flatMap((row) => {
          const { heading: first, details } = rowLines(section.columns, row);
          return [`**${escapeDiscordText(first)}**`, ...details.map(escapeDiscordText)];
        }),
      ];
  }
}

function toField(label: string, value: string): APIEmbedField {
  return {
    name: truncate(escapeDiscordText(label), embedLimits.fieldName) || '\u200b',
    value: truncate(escapeDiscordText(value), embedLimits.fieldValue) || '\u200b',
    inline: true,
  };
}

/** One block as one or more embeds: long descriptions and many fields continue in the next. */
function blockToEmbeds(block: Block, budget: number): APIEmbed[] {
  const embeds: APIEmbed[] = [];
  let embed: APIEmbed = {};
  const flush = () => {
    if (embed.title || embed.description || embed.fields?.length) embeds.push(embed);
    embed = {};
  };
  if (block.title) embed.title = truncate(block.title, embedLimits.title);
  const maxLine = Math.min(embedLimits.description, budget - (embed.title?.length ?? 0));
  for (const line of block.lines) {
    const piece = truncate(line, maxLine) || '\u200b';
    const joined = embed.description === undefined ? piece : `${embed.description}\n${piece}`;
    if (
      joined.length > embedLimits.description ||
      embedSize({ ...embed, description: joined }) > budget
    ) {
      flush();
      embed.description = piece;
    } else embed.description = joined;
  }
  for (const field of block.fields) {
    const fields = embed.fields ?? [];
    const grown = { ...embed, fields: [...fields, field] };
    if (fields.length === embedLimits.fields || embedSize(grown) > budget) {
      flush();
      embed.fields = [field];
    } else embed.fields = grown.fields;
  }
  flush();
  return embeds;
}
