import type { types } from '@slack/bolt';
import {
  replyToPlainText,
  type Reply,
  type ReplyField,
  type ReplySection,
} from '../../core/reply.js';
import { rowLines } from '../row-lines.js';
import { actionIdOf, runCommandValue } from './state.js';
import { escapeMrkdwn, escapeWithin, splitText, truncate } from './escape-mrkdwn.js';

/** Block Kit's limits that a reply must respect (Slack refuses the whole message otherwise). */
export const blockKitLimits = {
  blocksPerMessage: 50,
  sectionText: 3000,
  fieldsPerSection: 10,
  fieldText: 2000,
  headerText: 150,
  buttonText: 75,
  buttonsPerActions: 25,
  contextText: 3000,
} as const;

/** One Slack message: blocks and the plain fallback Slack shows in notifications. */
export interface SlackMessage {
  text: string;
  blocks: types.KnownBlock[];
}

/** Options for {@link renderReply}. */
export interface RenderReplyOptions {
  /**
   * Button values of `post-to-channel` and `reopen-form` actions by action id: short tokens of
   * state kept in Redis. An action of those kinds without a value is left out.
   */
  actionValues?: Readonly<Record<string, string>>;
  /**
   * Most characters of text in one message; a longer reply continues in the next message.
   * Slack's own cap on a whole message is lower than 50 full sections. Default: 12,000.
   */
  charactersPerMessage?: number;
}

const toneMarks = { info: '', success: '✅ ', warning: '⚠️ ', error: '❌ ' } as const;

/**
 * Pure: a neutral reply as Block Kit messages, every text escaped for mrkdwn, within Block Kit's
 * limits. A long roster or table becomes several messages; the buttons and footer close the last.
 */
export function renderReply(reply: Reply, options: RenderReplyOptions = {}): SlackMessage[] {
  const budget = options.charactersPerMessage ?? 12_000;
  const title = reply.title ? `${toneMarks[reply.tone ?? 'info']}${reply.title}` : undefined;
  const body = [
    ...(reply.fields?.length ? fieldSections(reply.fields) : []),
    ...(reply.sections ?? []).flatMap(sectionBlocks),
  ];
  const tail = [
    ...(reply.footer ? [contextBlock(reply.footer)] : []),
    ...actionBlocks(reply, options.actionValues ?? {}),
  ];

  const pages: types.KnownBlock[][] = [];
  const start = (): types.KnownBlock[] =>
    title ? [headerBlock(pages.length === 0 ? title : `${title} (continued)`)] : [];
  let page = start();
  let used = 0;
  const fits = (block: types.KnownBlock) =>
    page.length < blockKitLimits.blocksPerMessage && used + textLength(block) <= budget;
  for (const block of body) {
    if (!fits(block) && page.length > (title ? 1 : 0)) {
      pages.push(page);
      page = start();
      used = 0;
    }
    page.push(block);
    used += textLength(block);
  }
  if (page.length + tail.length > blockKitLimits.blocksPerMessage) {
    pages.push(page);
    page = start();
  }
  page.push(...tail);
  if (page.length === 0) page.push(sectionBlock(' '));
  pages.push(page);

  const fallback = escapeWithin(replyToPlainText(reply), blockKitLimits.sectionText);
  return pages.map((blocks, index) => ({
    text:
      index === 0
        ? fallback || ' '
        : escapeMrkdwn(`${reply.title ?? 'Reply'} (continued ${index + 1}/${pages.length})`),
    blocks,
  }));
}

function headerBlock(text: string): types.HeaderBlock {
  // Plain text is shown as typed: Slack never reads mentions in it, so it needs no escaping.
  return {
    type: 'header',
    text: { type: 'plain_text', text: truncate(text, blockKitLimits.headerText), emoji: true },
  };
}

function sectionBlock(mrkdwn: string): types.SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text: mrkdwn } };
}

function contextBlock(text: string): types.ContextBlock {
  return {
    type: 'context',
    elements: [
      { type: 'mrkdwn', text: escapeMrkdwn(truncate(text, blockKitLimits.contextText / 5)) },
    ],
  };
}

/** Escaped text, split into sections of at most 3000 characters at line breaks. */
function textSections(escaped: string): types.SectionBlock[] {
  return splitText(escaped, blockKitLimits.sectionText)
    .filter((piece) => piece.trim() !== '')
    .map(sectionBlock);
}

const bold = (text: string) => `*${escapeWithin(text, 200)}*`;

function fieldText(field: ReplyField): string {
  const label = `${bold(field.label)}\n`;
  return label + escapeWithin(field.value, blockKitLimits.fieldText - label.length);
}

function fieldSections(fields: readonly ReplyField[], title?: string): types.SectionBlock[] {
  const sections: types.SectionBlock[] = [];
  for (let index = 0; index < fields.length; index += blockKitLimits.fieldsPerSection) {
    const chunk = fields.slice(index, index + blockKitLimits.fieldsPerSection);
    sections.push({
      type: 'section',
      ...(index === 0 && title ? { text: { type: 'mrkdwn', text: bold(title) } } : {}),
      fields: chunk.map((field) => ({
        type: 'mrkdwn',
        text: fieldText(field),
      })),
    });
  }
  return sections;
}

function sectionBlocks(section: ReplySection): types.SectionBlock[] {
  const heading = section.title ? `${bold(section.title)}\n` : '';
  switch (section.kind) {
    case 'text':
      return textSections(heading + escapeMrkdwn(section.text));
    case 'list':
      return textSections(
        heading + section.items.map((item) => `• ${escapeMrkdwn(item)}`).join('\n'),
      );
    case 'fields':
      return fieldSections(section.fields, section.title);
    case 'table': {
      // Block Kit has no table, nor a phone the width for one: a row is a bold line and short ones.
      const rows = section.rows.map((row) => {
        const { heading: first, details } = rowLines(section.columns, row);
        return [bold(first), ...details.map(escapeMrkdwn)].join('\n');
      });
      return textSections(heading + rows.join('\n'));
    }
  }
}

function actionBlocks(
  reply: Reply,
  values: Readonly<Record<string, string>>,
): types.ActionsBlock[] {
  const buttons = (reply.actions ?? []).flatMap((action): types.Button[] => {
    // Never offer to post a reply with personal data to a channel.
    if (action.kind === 'post-to-channel' && reply.personalData) return [];
    const value = action.kind === 'run-command' ? runCommandValue(action) : values[action.id];
    if (value === undefined) return [];
    return [
      {
        type: 'button',
        action_id: actionIdOf(action),
        text: {
          type: 'plain_text',
          text: truncate(action.label, blockKitLimits.buttonText),
          emoji: true,
        },
        value,
        ...(action.style ? { style: action.style } : {}),
      },
    ];
  });
  const blocks: types.ActionsBlock[] = [];
  for (let index = 0; index < buttons.length; index += blockKitLimits.buttonsPerActions) {
    blocks.push({
      type: 'actions',
      elements: buttons.slice(index, index + blockKitLimits.buttonsPerActions),
    });
  }
  return blocks;
}

/** Characters of text a block carries, for the per-message budget. */
function textLength(block: types.KnownBlock): number {
  if (block.type !== 'section') return 0;
  return (
    (block.text?.text.length ?? 0) +
    (block.fields ?? []).reduce((sum, field) => sum + field.text.length, 0)
  );
}
