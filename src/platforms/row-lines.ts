/** Widest line of a table row a phone shows without wrapping it into a mess. */
export const phoneWidth = 60;

/** One table row as a phone shows it: its first cell as a heading, the rest as short lines. */
export interface RowLines {
  heading: string;
  /** "Label: value" parts joined by " · ", each line at most {@link phoneWidth} characters. */
  details: string[];
}

/**
 * Pure: a row of a neutral table as lines for Slack and Discord, which show tables neither
 * monospaced nor wide. A value that already says what it is ("Entries close Tue 3 Mar") keeps
 * no label; an empty one is left out; a part longer than a line gets a line of its own.
 */
export function rowLines(columns: readonly string[], row: readonly string[]): RowLines {
  const parts = row.slice(1).flatMap((cell, index) => {
    const value = cell.trim();
    const label = columns[index + 1] ?? '';
    if (value === '') return [];
    const saysWhat =
      label === '' || value.toLowerCase().startsWith(label.split(' ')[0]!.toLowerCase());
    return [saysWhat ? value : `${label}: ${value}`];
  });
  const details: string[] = [];
  for (const part of parts) {
    const last = details.at(-1);
    if (last !== undefined && `${last} · ${part}`.length <= phoneWidth)
      details[details.length - 1] = `${last} · ${part}`;
    else details.push(part);
  }
  return { heading: row[0]?.trim() || '—', details };
}
