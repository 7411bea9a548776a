import { parseArgs } from 'node:util';
import type { Redis } from 'ioredis';
import { parseAccessPolicy } from '../access/load-access-policy.js';
import { registry as commandRegistry } from '../commands/registry.js';
import { adminCommandLine } from '../cli/admin-program.js';
import { describeError } from '../errors.js';
import type { TokenCheck } from './check-club-token.js';
import { clubFields, describeClub } from './club-fields.js';
import { parseClubRecord, type ClubRecord } from './club-record.js';
import type { ClubRegistry } from './club-registry.js';
import { purgeClubData } from './purge-club-data.js';
import { environmentClubKey, environmentClubRefusal } from './environment-club-data.js';

export const clubUsage = `Usage: ${adminCommandLine('club')} <command>
  add <id> --name N --url U --token T [--layout auto|spec|bare] [--daily-limit 5000]
           [--timezone Europe/London] [--slack-teams T1,T2] [--discord-guilds G1]
           [--policy file.yaml] [--reports-member guid-or-email] [--no-check]
           [--person-share 2%] [--person-forms 20]
  list
  show <id>
  set <id> <field> <value>      fields: ${Object.keys(clubFields).join(', ')}
  remove <id> [--purge]         --purge also deletes the club's data (queue, cache, audit trail)
  invite <id>                   a one-time code that connects the club's Slack workspace`;

/** What the club commands work with; the CLI passes the real ones, tests their own. */
export interface ClubCommandDeps {
  registry: ClubRegistry;
  redis: Redis;
  checkToken(apiUrl: string, token: string, layout: ClubRecord['layout']): Promise<TokenCheck>;
  readFile(path: string): string;
  print(line: string): void;
  /** Whether Slack's install flow is on (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET set): invites need it. */
  installFlow: boolean;
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
}

/** A problem the operator can fix: printed as it is, exit code 1. */
class Refusal extends Error {}

/**
 * `club-bot club …`: manages the clubs of a hosting deployment. Resolves the exit code: 0 done,
 * 1 refused (the reason printed), 2 a usage mistake.
 */
export async function runClubCommand(args: string[], deps: ClubCommandDeps): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'add':
        return await add(rest, deps);
      case 'list':
        return await list(deps);
      case 'show':
        return await show(idOf(rest), deps);
      case 'set':
        return await set(rest, deps);
      case 'remove':
        return await remove(rest, deps);
      case 'invite':
        return await invite(idOf(rest), deps);
      default:
        deps.print(clubUsage);
        return command === undefined || command === 'help' ? 0 : 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      deps.print(`club: ${error.message}\n${clubUsage}`);
      return 2;
    }
    deps.print(`club: ${describeError(error)}`);
    return 1;
  }
}

class UsageError extends Error {}

function idOf(rest: string[]): string {
  const [id] = rest;
  if (!id || id.startsWith('--')) throw new UsageError('which club? Give its id.');
  return id;
}

async function add(rest: string[], deps: ClubCommandDeps): Promise<number> {
  const flags = [
    'name',
    'url',
    'token',
    'layout',
    'daily-limit',
    'timezone',
    'slack-teams',
    'discord-guilds',
    'policy',
    'reports-member',
    'person-share',
    'person-forms',
  ] as const;
  const options: Record<string, { type: 'string' | 'boolean' }> = {
    'no-check': { type: 'boolean' },
  };
  for (const flag of flags) options[flag] = { type: 'string' };
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options });
  const id = idOf(positionals);
  const record: Record<string, unknown> = { id };
  for (const flag of flags) {
    const value = values[flag];
    const field = clubFields[flag];
    if (typeof value === 'string' && field) record[field.key] = field.parse(value, deps.readFile);
  }
  const club = checkPolicy(parseClubRecord(record));
  await refuseBesideEnvironmentClub(deps);
  if (!values['no-check']) await requireAcceptedToken(club, deps);
  await deps.registry.add(club);
  deps.print(`Added the club "${club.id}" (${club.name}).`);
  return 0;
}

/** The registry's first club would orphan the environment's club's keys: refused while it has any. */
async function refuseBesideEnvironmentClub(deps: ClubCommandDeps): Promise<void> {
  if ((await deps.registry.list()).length > 0) return;
  const key = await environmentClubKey(deps.redis, deps.root);
  if (key !== undefined) throw new Refusal(environmentClubRefusal(key));
}

async function list(deps: ClubCommandDeps): Promise<number> {
  const clubs = await deps.registry.list();
  if (clubs.length === 0) {
    deps.print('No clubs yet: the environment describes the one club. Add one with `add`.');
    return 0;
  }
  for (const club of clubs) {
    const chats = [
      ...club.slackTeams.map((team) => `slack ${team}`),
      ...club.discordGuilds.map((guild) => `discord ${guild}`),
    ];
    deps.print(
      `${club.id}\t${club.name}\t${club.apiUrl}\tlimit ${club.dailyLimit}\t${chats.join(', ') || 'no chat yet'}`,
    );
  }
  return 0;
}

async function show(id: string, deps: ClubCommandDeps): Promise<number> {
  const club = await deps.registry.get(id);
  if (!club) throw new Refusal(`there is no club "${id}"`);
  for (const line of describeClub(club)) deps.print(line);
  return 0;
}

async function set(rest: string[], deps: ClubCommandDeps): Promise<number> {
  const [id, name, value] = rest;
  if (!id || !name || value === undefined) throw new UsageError('set needs <id> <field> <value>');
  const field = Object.hasOwn(clubFields, name) ? clubFields[name] : undefined;
  if (!field) throw new UsageError(`unknown field "${name}"`);
  const current = await deps.registry.get(id);
  if (!current) throw new Refusal(`there is no club "${id}"`);
  const changed = checkPolicy(
    parseClubRecord({ ...current, [field.key]: field.parse(value, deps.readFile) }),
  );
  if (field.key === 'token' || field.key === 'apiUrl') await requireAcceptedToken(changed, deps);
  await deps.registry.update(id, changed);
  deps.print(`Set ${name} of "${id}".`);
  return 0;
}

async function remove(rest: string[], deps: ClubCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { purge: { type: 'boolean' } },
  });
  const id = idOf(positionals);
  const slackTeams = (await deps.registry.get(id))?.slackTeams ?? [];
  if (!(await deps.registry.remove(id))) throw new Refusal(`there is no club "${id}"`);
  deps.print(`Removed the club "${id}".`);
  if (values.purge) {
    const deleted = await purgeClubData(deps.redis, id, deps.root, slackTeams);
    deps.print(`Deleted ${deleted} keys of its data.`);
  }
  return 0;
}

async function invite(id: string, deps: ClubCommandDeps): Promise<number> {
  const club = await deps.registry.get(id);
  if (!club) throw new Refusal(`there is no club "${id}"`);
  if (!deps.installFlow) {
    throw new Refusal(
      "Slack's install flow is off (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET are not set), so a code would connect nothing; no code made. Set both where the bot runs (docs/hosting.md), or give the club's workspace id with `set " +
        `${id} slack-teams <T…>\`.`,
    );
  }
  const code = await deps.registry.invites.create(id);
  deps.print(
    `One-time code for ${club.name}: ${code}\nGive it to the club's Slack admin: after adding the app to their workspace (/slack/install), they enter it on the page Slack returns them to. It works once, within 7 days.`,
  );
  return 0;
}

function checkPolicy(club: ClubRecord): ClubRecord {
  if (club.policy !== undefined) parseAccessPolicy(club.policy, commandRegistry, 'policy');
  return club;
}

async function requireAcceptedToken(club: ClubRecord, deps: ClubCommandDeps): Promise<void> {
  const check = await deps.checkToken(club.apiUrl, club.token, club.layout);
  if (check.kind === 'refused') {
    throw new Refusal(`the club service at ${club.apiUrl} refused the token (401); nothing saved`);
  }
  if (check.kind === 'unreachable') {
    throw new Refusal(
      `the club service at ${club.apiUrl} did not answer (${check.reason}); nothing saved. Add --no-check to save it unchecked.`,
    );
  }
}
