import type { ClubRecord } from './club-record.js';

/** A club's setting as `npm run club -- set <id> <field> <value>` names it. */
export interface ClubField {
  /** The record's key. */
  key: Exclude<keyof ClubRecord, 'id'>;
  /** What the value should be, for the usage text. */
  expects: string;
  /** The record's value from what was typed; a file's path for `policy`. */
  parse(value: string, readFile: (path: string) => string): ClubRecord[keyof ClubRecord];
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Every field `set` changes, by the name typed. */
export const clubFields: Record<string, ClubField> = {
  name: { key: 'name', expects: 'the club name', parse: (value) => value },
  url: { key: 'apiUrl', expects: "the club service's base URL", parse: (value) => value },
  layout: { key: 'layout', expects: 'auto, spec or bare', parse: (value) => value },
  token: { key: 'token', expects: 'the API token (checked with one call)', parse: (v) => v },
  'daily-limit': { key: 'dailyLimit', expects: 'calls per 24 h', parse: (value) => value },
  timezone: { key: 'timezone', expects: 'e.g. Europe/London', parse: (value) => value },
  'slack-teams': { key: 'slackTeams', expects: 'Slack team ids, comma-separated', parse: list },
  'discord-guilds': {
    key: 'discordGuilds',
    expects: 'Discord server ids, comma-separated',
    parse: list,
  },
  policy: {
    key: 'policy',
    expects: "an access policy file's path ('' for the defaults)",
    parse: (value, readFile) => (value.trim() === '' ? undefined : readFile(value.trim())),
  },
  'reports-member': {
    key: 'reportsMember',
    expects: "a member's Guid or email ('' for none)",
    parse: optional,
  },
  'person-share': {
    key: 'personDailyShare',
    expects: "percent of the daily limit one person may spend, e.g. 2% ('' for the host's)",
    parse: optional,
  },
  'person-forms': {
    key: 'personDailyForms',
    expects: "forms one person may file a day ('' for the host's)",
    parse: optional,
  },
};

/** A record as `show` prints it: every field, the token never. */
export function describeClub(club: ClubRecord): string[] {
  return [
    `id              ${club.id}`,
    `name            ${club.name}`,
    `url             ${club.apiUrl}`,
    `layout          ${club.layout}`,
    `token           set (sealed in Redis; never shown)`,
    `daily-limit     ${club.dailyLimit}`,
    `timezone        ${club.timezone}`,
    `slack-teams     ${club.slackTeams.join(', ') || '(none)'}`,
    `discord-guilds  ${club.discordGuilds.join(', ') || '(none)'}`,
    `policy          ${club.policy === undefined ? '(the defaults)' : `${club.policy.split('\n').length} lines of YAML`}`,
    `reports-member  ${club.reportsMember ?? '(none)'}`,
    `person-share    ${club.personDailyShare === undefined ? "(the host's)" : `${club.personDailyShare}%`}`,
    `person-forms    ${club.personDailyForms ?? "(the host's)"}`,
  ];
}
