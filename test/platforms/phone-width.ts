import { expect } from 'vitest';
import type { Reply } from '../../src/core/reply.js';
import { renderReply as renderDiscord } from '../../src/platforms/discord/render-reply.js';
import { phoneWidth } from '../../src/platforms/row-lines.js';
import { renderReply as renderSlack } from '../../src/platforms/slack/render-reply.js';

/** What a phone shows of a line: markup, escapes and zero-width spaces take no room. */
function shown(line: string): string {
  return line
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\\(.)/g, '$1')
    .replace(/\*\*|\*|\u200b/g, '');
}

/** Every line of text in the rendered Slack and Discord messages of a reply. */
export function renderedLines(reply: Reply): string[] {
  const slack = renderSlack(reply).flatMap((message) =>
    message.blocks.flatMap((block) => {
      const text = 'text' in block ? block.text : undefined;
      const texts = typeof text === 'object' && text ? [text.text] : [];
      const fields = 'fields' in block ? (block.fields ?? []).map((field) => field.text) : [];
      return [...texts, ...fields];
    }),
  );
  const discord = renderDiscord(reply).flatMap((message) =>
    message.embeds.flatMap((embed) => [
      embed.description ?? '',
      ...(embed.fields ?? []).map((field) => field.value),
    ]),
  );
  return [...slack, ...discord].flatMap((text) => text.split('\n'));
}

/**
 * Asserts that a reply fits a phone in Slack and Discord: no code block at all wider than
 * {@link phoneWidth}, and no line of a rendered table (its parts joined by " · ") wider either.
 * Prose wraps on a phone; a table row or a monospace line does not.
 */
export function expectFitsPhone(reply: Reply): void {
  let inCode = false;
  for (const line of renderedLines(reply)) {
    if (line.trimStart().startsWith('```')) inCode = !inCode;
    const tableLine = line.includes(' · ');
    if (inCode || tableLine)
      expect(shown(line).length, `too wide for a phone: ${line}`).toBeLessThanOrEqual(phoneWidth);
  }
}
