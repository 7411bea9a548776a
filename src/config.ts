import { z } from 'zod';
import { clubApiLayoutSettings } from './club/club-layout.js';
import { dataKeyProblem } from './redis/sealer.js';

/**
 * The configuration contract (PRODUCT.md): the only reader of `process.env`.
 * Every key has a description; a missing or malformed value stops the process with a message
 * naming the variable and what it expects, all problems listed at once.
 */
const positiveInt = (description: string, fallback: number) =>
  z.coerce.number().int().positive().default(fallback).describe(description);

const optionalText = (description: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .describe(description);

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

export const configSchema = z.object({
  CLUB_API_URL: httpUrl.describe(
    'Base URL of the club service; the collection paths of CLUB_API_LAYOUT are appended (e.g. https://club.example.org).',
  ),
  CLUB_API_LAYOUT: z
    .enum(clubApiLayoutSettings)
    .default('auto')
    .describe(
      'How the club service spells its paths: spec (/api/Users, /api/ClubSessions, ...), bare (/Members, /ClubSessions, ...) or auto (try spec, then bare, and remember the answer for a day).',
    ),
  CLUB_API_TOKEN: z
    .string()
    .trim()
    .min(1, 'the account API token is required')
    .describe('The club account API token (sent as Authorization-Token).'),
  CLUB_DAILY_LIMIT: positiveInt(
    'Calls per 24 h this bot may use; lower it when the token is shared.',
    5000,
  ),
  CLUB_TIMEZONE: z
    .string()
    .default('Europe/London')
    .refine(isTimeZone, 'a time zone name such as Europe/London')
    .describe('The club time zone, for "today", "tonight" and weekdays.'),
  CLUB_API_TIMEOUT_MS: positiveInt(
    'How long one club-service call may take before it is retried.',
    10_000,
  ),
  REDIS_URL: z
    .string()
    .trim()
    .min(1, 'a Redis URL (redis://host:6379) or a unix socket path')
    .describe('Redis for the queue, the budget and the cache.'),
  REDIS_CLUSTER_NODES: optionalText(
    'A Redis Cluster instead of one server: its nodes as host:port, comma-separated. Every key carries a hash tag, so each club stays in one slot. REDIS_URL may then be left unset.',
  ),
  CACHE_FRESH_SECONDS: positiveInt(
    "How long cached members, rosters and lists count as fresh before a refresh (who's who, roles, groups, events and meets: six times that).",
    3600,
  ),
  CLUB_DATA_KEY: optionalText(
    'Seals personal data written to Redis: 32 bytes in base64 (club-bot setup-key prints one); during a rotation the new key, a comma, then the older one. Required to start the bot.',
  ).refine((value) => value === undefined || dataKeyProblem(value) === undefined, {
    message: 'one or two 32-byte keys in base64, comma-separated, the new one first',
  }),
  CLUB_PERSON_DAILY_SHARE: z
    .string()
    .trim()
    .default('2%')
    .transform((value) => Number(value.replace(/%$/, '')))
    .refine(
      (value) => Number.isFinite(value) && value > 0 && value <= 100,
      'a percentage such as 2%',
    )
    .describe(
      'The share of the daily limit one person may spend on club calls the cache cannot answer, e.g. 2%.',
    ),
  CLUB_PERSON_DAILY_FORMS: positiveInt('Forms one person may file a day.', 20),
  WORKER_CONCURRENCY: positiveInt('Jobs one worker process runs at once.', 8),
  SLACK_SIGNING_SECRET: optionalText('Slack app signing secret (HTTP mode).'),
  SLACK_BOT_TOKEN: optionalText('Slack bot token (xoxb-...).'),
  SLACK_APP_TOKEN: optionalText(
    'Slack app-level token (xapp-...) for Socket Mode instead of HTTP.',
  ),
  SLACK_CLIENT_ID: optionalText(
    "Slack app client id: with SLACK_CLIENT_SECRET, Slack's install flow (/slack/install) serves many workspaces, each mapped to a club of the registry (docs/hosting.md).",
  ),
  SLACK_CLIENT_SECRET: optionalText('Slack app client secret, for the install flow.'),
  SLACK_API_URL: optionalText("Slack Web API base; tests point it at a fake. Default: Slack's."),
  DISCORD_TOKEN: optionalText('Discord bot token.'),
  DISCORD_APPLICATION_ID: optionalText('Discord application id.'),
  DISCORD_GUILD_ID: optionalText(
    "The club's Discord server id(s), comma-separated: commands deploy there, and interactions from any other server or a DM are refused.",
  ),
  DISCORD_API_URL: optionalText("Discord REST base; tests point it at a fake. Default: Discord's."),
  ACCESS_POLICY: optionalText('Path of the access policy YAML file. Default: built-in defaults.'),
  CLUB_REPORTS_MEMBER: optionalText(
    'The club member (Guid or email) that incidents from people the bot cannot link are filed under, with a note of who sent them; a "Club bot" member record. Default: unset, and such reports are refused kindly with the welfare officers to tell instead.',
  ),
  RATE_LIMIT_PER_MINUTE: positiveInt('Commands one person may run per minute.', 20),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe(
      "HTTP port for Slack's /slack/events (and its install flow); nothing else is served there.",
    ),
  OPS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(9464)
    .describe('Private HTTP port for /livez, /readyz, /metrics and the job board (/jobs).'),
  OPS_HOST: z
    .string()
    .trim()
    .default('127.0.0.1')
    .describe(
      'Interface the ops port listens on; 0.0.0.0 inside a container network that Prometheus shares. Never publish it.',
    ),
  OPS_USER: optionalText('User name for the job board on the ops port (with OPS_PASSWORD).'),
  OPS_PASSWORD: optionalText(
    'Password for the job board on the ops port; without OPS_USER and OPS_PASSWORD the board is off.',
  ),
  NODE_ENV: optionalText(
    'production marks a deployment (the image sets it): the bot then refuses to start on a Redis that keeps nothing on disk, where elsewhere it warns.',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level.'),
});

export type Config = z.infer<typeof configSchema>;

/** The names of every variable the configuration reads (for `.env.example` and compose checks). */
export const configVariables = Object.keys(configSchema.shape) as (keyof Config)[];

/** Thrown when the environment does not satisfy the contract; `problems` lists each one. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The configuration has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Whether the configuration is a deployment's (`NODE_ENV=production`), where safety checks refuse rather than warn. */
export function isProduction(config: Pick<Config, 'NODE_ENV'>): boolean {
  return config.NODE_ENV === 'production';
}

/** Reads and validates the configuration of the club the environment describes, and the process's. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnvironment(configSchema, env);
}

/** The variables that describe the environment's club, which the registry's clubs ignore. */
const perClub = [
  'CLUB_API_URL',
  'CLUB_API_TOKEN',
  'CLUB_API_LAYOUT',
  'CLUB_DAILY_LIMIT',
  'CLUB_TIMEZONE',
  'CLUB_REPORTS_MEMBER',
  'ACCESS_POLICY',
  'DISCORD_GUILD_ID',
] as const;

const processSchema = configSchema.partial({ CLUB_API_URL: true, CLUB_API_TOKEN: true });

/**
 * The process's configuration, read first: every variable set is checked, but the club's URL and
 * token are required only once Redis says the registry holds no club ({@link loadConfig} then).
 */
export type ProcessConfig = z.infer<typeof processSchema>;

export function loadProcessConfig(env: NodeJS.ProcessEnv = process.env): ProcessConfig {
  return parseEnvironment(processSchema, env);
}

/** The environment's club's variables that are set (ignored once the registry holds clubs). */
export function singleClubVariablesSet(env: NodeJS.ProcessEnv): string[] {
  return perClub.filter((key) => (env[key] ?? '').trim() !== '');
}

/** Where Redis is, the data key and whether Slack's install flow is on, for the registry CLI. */
export function loadRegistryConfig(env: NodeJS.ProcessEnv = process.env) {
  const { CLUB_DATA_KEY } = configSchema.shape;
  return parseEnvironment(
    configSchema
      .pick({
        REDIS_URL: true,
        REDIS_CLUSTER_NODES: true,
        SLACK_CLIENT_ID: true,
        SLACK_CLIENT_SECRET: true,
      })
      .extend({
        CLUB_DATA_KEY: CLUB_DATA_KEY.pipe(z.string()).describe(CLUB_DATA_KEY.description ?? ''),
      }),
    env,
  );
}

/**
 * Parses an environment with a schema made from {@link configSchema} (the hosting one leaves the
 * club's own variables out). With only `REDIS_CLUSTER_NODES`, `REDIS_URL` names its first node.
 */
export function parseEnvironment<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv,
): z.infer<S> {
  const firstNode = env.REDIS_CLUSTER_NODES?.split(',')[0]?.trim();
  const input = !env.REDIS_URL && firstNode ? { ...env, REDIS_URL: `redis://${firstNode}` } : env;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const description = schema.shape[key]?.description ?? '';
    const what =
      env[key] === undefined ? 'is required but not set' : `was rejected: ${issue.message}`;
    return `${key} ${what}. Expected: ${description}`;
  });
  throw new ConfigError(problems);
}

/** Whether `name` is a time zone this Node knows (e.g. Europe/London). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
