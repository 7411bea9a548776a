import type { Reply } from '../../../src/core/reply.js';
import { renderReply as renderMessages } from '../../../src/platforms/discord/render-reply.js';
import { renderReply as renderBlockKit } from '../../../src/platforms/slack/render-reply.js';

/** Mention syntax Slack obeys in mrkdwn: `<!channel>`, `<!here>`, `<!everyone>`, `<@U…>`, `<#C…>`. */
const slackMention = /<[!@#]/;
/** Mentions Discord obeys in text: `@everyone`, `@here`, `<@…>`, `<@&…>`, `<#…>`. */
const discordMention = /@(everyone|here)|<[@#]/i;

/** Every mrkdwn text of a Block Kit message (plain_text is never read for mentions) and its fallback. */
export function slackMrkdwnTexts(message: unknown): string[] {
  const texts: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (record.type === 'mrkdwn' && typeof record.text === 'string') texts.push(record.text);
    for (const [key, value] of Object.entries(record))
      if (key !== 'text' || typeof value !== 'string') visit(value);
  };
  visit(message);
  const fallback = (message as { text?: unknown }).text;
  if (typeof fallback === 'string') texts.push(fallback);
  return texts;
}

/** Every string of a Discord message body, wherever Discord shows it. */
function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(strings);
  if (typeof node === 'object' && node !== null)
    return Object.entries(node).flatMap(([key, value]) =>
      key === 'custom_id' || key === 'url' ? [] : strings(value),
    );
  return [];
}

/** What would ping if this reply were shown: an empty list when nothing would. */
export function pingsIn(reply: Reply): string[] {
  const found: string[] = [];
  for (const message of renderBlockKit(reply))
    for (const text of slackMrkdwnTexts(message))
      if (slackMention.test(text)) found.push(`slack: ${text.slice(0, 80)}`);
  for (const message of renderMessages(reply)) {
    if (JSON.stringify(message.allowed_mentions) !== JSON.stringify({ parse: [] }))
      found.push(`discord allowed_mentions: ${JSON.stringify(message.allowed_mentions)}`);
    for (const text of strings({ content: message.content, embeds: message.embeds }))
      if (discordMention.test(text)) found.push(`discord: ${text.slice(0, 80)}`);
  }
  return found;
}
