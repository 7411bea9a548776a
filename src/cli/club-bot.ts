#!/usr/bin/env node
/**
 * `club-bot <command> …` (package.json's `bin`): the operator's commands on the compiled code, so
 * they run from a production install (`npx club-bot …` in the bot's folder, `club-bot …` in the
 * image). `club-bot --help` lists them; `club-bot <command> --help` shows one command's usage.
 */
import { adminCommands } from './admin-commands.js';
import { adminProgram, asksForHelp } from './admin-program.js';

const [name, ...rest] = process.argv.slice(2);
const command = adminCommands.find((candidate) => candidate.name === name);
if (command) {
  // The command's module reads its own arguments from process.argv, as under `npm run`.
  process.argv = [process.argv[0] ?? 'node', process.argv[1] ?? adminProgram, ...rest];
  await command.load();
} else {
  const width = Math.max(...adminCommands.map((entry) => entry.name.length));
  const list = adminCommands.map((entry) => `  ${entry.name.padEnd(width)}  ${entry.summary}`);
  const usage = [
    `Usage: ${adminProgram} <command> [arguments]`,
    ...list,
    `${adminProgram} <command> --help shows a command's own usage.`,
  ].join('\n');
  if (name === undefined || asksForHelp([name])) console.log(usage);
  else {
    console.error(`${adminProgram}: unknown command "${name}"\n${usage}`);
    process.exitCode = 2;
  }
}
