import type { Reply, ReplySection } from '../../core/reply.js';
import { escapeTerminal } from './escape-terminal.js';

function section(part: ReplySection): string[] {
  const lines = part.title ? [escapeTerminal(part.title)] : [];
  switch (part.kind) {
    case 'text':
      return [...lines, escapeTerminal(part.text)];
    case 'list':
      return [...lines, ...part.items.map((item) => `  • ${escapeTerminal(item)}`)];
    case 'fields':
      return [
        ...lines,
        ...part.fields.map(
          (field) => `  ${escapeTerminal(field.label)}: ${escapeTerminal(field.value)}`,
        ),
      ];
    case 'table': {
      const rows = [part.columns, ...part.rows].map((row) => row.map(escapeTerminal));
      const widths = part.columns.map((_, column) =>
        Math.max(...rows.map((row) => (row[column] ?? '').length)),
      );
      const format = (row: string[]) =>
        `  ${row
          .map((cell, column) => cell.padEnd(widths[column] ?? 0))
          .join('  ')
          .trimEnd()}`;
      const [header = [], ...body] = rows;
      return [
        ...lines,
        format(header),
        `  ${widths.map((width) => '-'.repeat(width)).join('  ')}`,
        ...body.map(format),
      ];
    }
  }
}

/** The neutral reply as terminal text. */
export function renderReply(reply: Reply): string {
  const marks = { info: '', success: '✓ ', warning: '! ', error: '✗ ' };
  const lines: string[] = [];
  if (reply.title) lines.push(`${marks[reply.tone ?? 'info']}${escapeTerminal(reply.title)}`);
  if (reply.fields?.length) {
    lines.push(
      reply.fields
        .map((field) => `${escapeTerminal(field.label)}: ${escapeTerminal(field.value)}`)
        .join('   '),
    );
  }
  for (const part of reply.sections ?? []) lines.push(...section(part));
  // A terminal has no buttons: a follow-up command is shown as what to type.
  const typed = (reply.actions ?? []).filter((action) => action.kind === 'run-command');
  const buttons = (reply.actions ?? []).filter((action) => action.kind !== 'run-command');
  for (const action of typed)
    lines.push(`  → /${escapeTerminal(`${action.command ?? ''} ${action.args ?? ''}`.trim())}`);
  if (buttons.length > 0)
    lines.push(`[${buttons.map((action) => escapeTerminal(action.label)).join('] [')}]`);
  if (reply.footer) lines.push(`(${escapeTerminal(reply.footer)})`);
  // Said of answers that show someone's records, not of a refusal that echoes what was typed.
  const answer = reply.tone === undefined || reply.tone === 'info' || reply.tone === 'success';
  if (reply.personalData && answer) lines.push('(only you can see this)');
  return lines.join('\n');
}
