/**
 * The operator's command as a production install runs it (package.json's `bin`): messages name it
 * so that what they suggest works where the bot runs (`npm run …` needs the development install).
 */
export const adminProgram = 'club-bot';

/** `club-bot <words>`, as a message or a usage text names it. */
export function adminCommandLine(words: string): string {
  return `${adminProgram} ${words}`;
}

/** Whether an admin command was asked only for its usage (`--help`, `-h` or `help`). */
export function asksForHelp(args: readonly string[]): boolean {
  const [first] = args;
  return first === '--help' || first === '-h' || first === 'help';
}
