/*
 * Every text in a neutral reply is plain text, but Discord reads markdown and mentions in message
 * content, embed titles, descriptions and fields. A club record holding `**`, `@everyone` or
 * `<@123>` must be shown as typed, never obeyed; `allowed_mentions: { parse: [] }` is the second
 * guard (nothing pings even if a mention slipped through).
 */

const zeroWidthSpace = '\u200b';

/**
 * Breaks mention syntax without a visible change: `@everyone`, `@here`, and `<@id>`, `<@&id>`,
 * `<#id>`, `</command:id>`, `<t:…>`, `<:emoji:id>` get a zero-width space after `@` or `<`. Safe in
 * places that render no markdown (footers, button labels, modal labels, autocomplete names).
 */
export function escapeMentions(text: string): string {
  return text
    .replace(/@(everyone|here)/gi, `@${zeroWidthSpace}$1`)
    .replace(/<(?=[@#/:a-z])/gi, `<${zeroWidthSpace}`);
}

/**
 * Plain text for places where Discord renders markdown (descriptions, titles, field names and
 * values): inline markers are backslash-escaped, as are the markers that only count at the start
 * of a line (quotes, headings, `-#` subtext, lists), and mentions are broken.
 */
export function escapeDiscordText(text: string): string {
  const inline = text.replace(/[\\*_~`|[\]()]/g, '\\$&');
  const lineStarts = inline
    .replace(/^(\s*)([>#+-])/gm, '$1\\$2')
    .replace(/^(\s*)(\d+)\.(?=\s)/gm, '$1$2\\.');
  return escapeMentions(lineStarts);
}

/** Cuts to `max` characters with an ellipsis, never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
