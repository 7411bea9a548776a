/**
 * Slack reads `<…>` in message text as links and mentions (`<!channel>`, `<@U123>`) and `&` as the
 * start of an entity. Escaping these three is what Slack asks of apps: a name such as `<!channel>`
 * is then shown, never obeyed. Formatting characters (`*`, `_`, `~`) are left alone: they can
 * change how text looks but cannot ping or link anyone.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Cuts `text` to at most `max` characters (code points), ending with "…" when it was cut. */
export function truncate(text: string, max: number): string {
  // A string of at most `max` UTF-16 units has at most `max` code points: nothing to cut.
  if (text.length <= max) return text;
  const kept: string[] = [];
  for (const character of text) {
    if (kept.length >= max) return `${kept.slice(0, Math.max(0, max - 1)).join('')}…`;
    kept.push(character);
  }
  return text;
}

/**
 * Splits text into pieces of at most `max` characters, at line breaks where possible, so a long
 * list or table becomes several sections rather than one Slack refuses.
 */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    for (const part of chunkLine(line, max)) {
      const joined = current === '' ? part : `${current}\n${part}`;
      if (joined.length <= max) current = joined;
      else {
        if (current !== '') pieces.push(current);
        current = part;
      }
    }
  }
  if (current !== '' || pieces.length === 0) pieces.push(current);
  return pieces;
}

/** A single line longer than `max` is cut at a space where possible, else hard. */
function chunkLine(line: string, max: number): string[] {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const cut = avoidSplittingEscape(rest, space > max / 2 ? space : max);
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^ /, '');
  }
  if (rest !== '' || parts.length === 0) parts.push(rest);
  return parts;
}

/** Moves a cut that would fall inside an escape such as `&amp;` to just before its `&`. */
function avoidSplittingEscape(text: string, cut: number): number {
  const amp = text.lastIndexOf('&', cut - 1);
  const inside = amp > 0 && cut - amp < 5 && !text.slice(amp, cut).includes(';');
  return inside ? amp : cut;
}

/** Escapes `text` for mrkdwn and cuts it (before escaping, so no escape is broken) to fit `max`. */
export function escapeWithin(text: string, max: number): string {
  let escaped = escapeMrkdwn(text);
  // Cut to `max` characters, then to fewer in proportion to how far the escaped text still
  // overflows, down to "…" at worst. (Taking the overflow of the uncut text off `max` instead
  // reduced any text more than twice too long, such as a long roster's notification text, to "…".)
  for (let keep = max; escaped.length > max && keep >= 1;) {
    escaped = escapeMrkdwn(truncate(text, keep));
    const fewer = Math.min(keep - 1, Math.floor((keep * max) / escaped.length));
    keep = keep === 1 ? 0 : Math.max(1, fewer);
  }
  return escaped;
}
