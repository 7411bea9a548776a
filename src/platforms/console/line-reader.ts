import { createInterface } from 'node:readline';

/** Reads lines one at a time from a stream, keeping the ones that arrive before they are asked for. */
export interface LineReader {
  /** Prints `prompt`, then resolves with the next line, or undefined once the input has ended. */
  ask(prompt: string): Promise<string | undefined>;
  close(): void;
}

export function createLineReader(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): LineReader {
  const interactive = 'isTTY' in input && input.isTTY === true;
  // At a terminal, readline edits the line and keeps a history (up and down arrows); piped input
  // is read line by line and echoed, so a transcript reads like a conversation.
  const readline = interactive
    ? createInterface({ input, output, terminal: true, historySize: 200 })
    : createInterface({ input, terminal: false });
  const waiting: string[] = [];
  let wanted: ((line: string | undefined) => void) | undefined;
  let ended = false;
  readline.on('line', (line) => {
    if (wanted) {
      const take = wanted;
      wanted = undefined;
      take(line);
    } else waiting.push(line);
  });
  readline.on('close', () => {
    ended = true;
    wanted?.(undefined);
    wanted = undefined;
  });
  return {
    ask(prompt) {
      if (interactive) {
        readline.setPrompt(prompt);
        readline.prompt();
      } else output.write(prompt);
      const line = waiting.shift();
      if (line !== undefined) {
        if (!interactive) output.write(`${line}\n`);
        return Promise.resolve(line);
      }
      if (ended) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        wanted = (next) => {
          if (next !== undefined && !interactive) output.write(`${next}\n`);
          resolve(next);
        };
      });
    },
    close: () => readline.close(),
  };
}
