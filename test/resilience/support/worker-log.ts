import { readFileSync } from 'node:fs';

/** The JSON log lines of a worker process's log file (other lines are skipped). */
export function logLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/**
 * Jobs that ran to their end more than once across `files` (a re-run after a crash or a lost
 * lock), by correlation id, and how many answers the worker held back as already given.
 */
export function reRuns(files: string[]): { ranTwice: number; heldBack: number } {
  const lines = files.flatMap(logLines);
  const finished = new Map<string, number>();
  for (const line of lines) {
    if (line.msg === 'command finished' || line.msg === 'form finished') {
      const id = String(line.id);
      finished.set(id, (finished.get(id) ?? 0) + 1);
    }
  }
  return {
    ranTwice: [...finished.values()].filter((count) => count > 1).length,
    heldBack: lines.filter((line) => line.msg === 'already answered; not answering twice').length,
  };
}
