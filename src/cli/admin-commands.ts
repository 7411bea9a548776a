/** One operator command of `club-bot`: its name, what it does, and the module that runs it. */
export interface AdminCommand {
  /** What follows `club-bot`, e.g. `jobs`. */
  name: string;
  /** One line for `club-bot --help`. */
  summary: string;
  /** Loads the command's module, which runs it on `process.argv` (after the command's name). */
  load(): Promise<unknown>;
}

/**
 * Every command `club-bot` offers, in the order `--help` lists them: one row each, so a new
 * command is one more row here (and its module).
 */
export const adminCommands: readonly AdminCommand[] = [
  {
    name: 'start',
    summary: 'runs the bot: adapters and a worker, or one of them with --role bot|worker',
    load: () => import('../main.js'),
  },
  {
    name: 'jobs',
    summary: 'failed jobs: failed | retry <id> | remove <id> [--club <id>]',
    load: () => import('./jobs.js'),
  },
  {
    name: 'club',
    summary: 'the clubs of a hosting deployment: add | list | show | set | remove | invite',
    load: () => import('./club.js'),
  },
  {
    name: 'setup-key',
    summary: 'prints a new CLUB_DATA_KEY',
    load: () => import('../setup-key.js'),
  },
  {
    name: 'rotate-key',
    summary: 'seals every value again under the first key of CLUB_DATA_KEY; says how many are left',
    load: async () => {
      process.exitCode = await (await import('./rotate-key.js')).main();
    },
  },
  {
    name: 'migrate',
    summary: "brings Redis's data to this bot's data format (--dry-run lists what it would change)",
    load: async () => {
      process.exitCode = await (await import('./migrate.js')).main();
    },
  },
  {
    name: 'discord-link',
    summary: 'links a Discord user to a club member (or --remove)',
    load: () => import('./discord-link.js'),
  },
  {
    name: 'discord-deploy',
    summary: 'registers the slash commands with Discord',
    load: () => import('../platforms/discord/deploy-commands.js'),
  },
  {
    name: 'slack-manifest',
    summary: 'prints the Slack app manifest (--url https://… or --socket-mode)',
    load: () => import('../platforms/slack/print-manifest.js'),
  },
];
