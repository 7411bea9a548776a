/**
 * `club-bot slack-manifest --url https://club-bot.example.org [--yaml]`
 * `club-bot slack-manifest --socket-mode [--yaml]` (`npm run slack:manifest -- …` in development)
 *
 * Prints the Slack app manifest generated from the command registry (JSON by default), to paste
 * into "Create an app → From a manifest" or an app's "App Manifest" page. The public URL is an
 * argument rather than an environment variable: it is only needed here, once per deployment.
 */
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { registry } from '../../commands/registry.js';
import { slackManifest } from './manifest.js';
import { describeError } from '../../errors.js';
import { adminCommandLine } from '../../cli/admin-program.js';

const usageText =
  `Usage: ${adminCommandLine('slack-manifest')} --url https://<your bot host> [--yaml] [--name "Club bot"]\n` +
  `       ${adminCommandLine('slack-manifest')} --socket-mode [--yaml]`;

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'socket-mode': { type: 'boolean', default: false },
        yaml: { type: 'boolean', default: false },
        name: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${describeError(error)}\n${usageText}`);
    return 2;
  }
  if (args.help) {
    console.log(usageText);
    return 0;
  }
  const socketMode = args['socket-mode'] ?? false;
  if (!socketMode && !args.url) {
    console.error(
      `The bot's public https URL is needed (Slack posts to <url>/slack/events).\n${usageText}`,
    );
    return 2;
  }
  if (args.url && !/^https:\/\/[^\s/]+/.test(args.url)) {
    console.error(
      `--url must be an https URL, e.g. https://club-bot.example.org (got "${args.url}").`,
    );
    return 2;
  }
  const manifest = slackManifest(registry, {
    socketMode,
    ...(args.url ? { publicUrl: args.url } : {}),
    ...(args.name ? { name: args.name } : {}),
  });
  process.stdout.write(args.yaml ? stringify(manifest) : `${JSON.stringify(manifest, null, 2)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
