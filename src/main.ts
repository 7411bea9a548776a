/**
 * `club-bot start` (`node dist/main.js`; `npm start` in development): production. The Slack and/or
 * Discord adapters (whichever are configured) and a worker pool in one process, for the one club
 * the environment describes or the clubs of the registry alike; `--role bot` or `--role worker`
 * to run them apart (scale workers freely: they share each club's budget through Redis).
 */
import { parseArgs } from 'node:util';
import { portTakenMessage } from './app/port-taken.js';
import { runBot, type Role } from './app/run-bot.js';
import { adminCommandLine, asksForHelp } from './cli/admin-program.js';
import { createLogger } from './log.js';

const startUsage = `Usage: ${adminCommandLine('start')} [--role bot|worker|all]
  runs the Slack and/or Discord adapters (whichever are configured) and a worker; --role runs one`;

async function main(): Promise<number> {
  if (asksForHelp(process.argv.slice(2))) return (console.log(startUsage), 0);
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  const role = values.role as Role;
  if (!['bot', 'worker', 'all'].includes(role)) {
    console.error(`--role must be bot, worker or all (got "${values.role}").`);
    return 1;
  }
  return runBot(role);
}

const code = await main().catch((error: unknown) => {
  // Slack's receiver on a taken PORT: one line, not a stack trace.
  const taken = portTakenMessage(error);
  if (taken === undefined) throw error;
  createLogger({ level: 'info' }).fatal(taken);
  return 1;
});
if (code !== 0) process.exit(code);
