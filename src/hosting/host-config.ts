import { z } from 'zod';
import { configSchema, parseEnvironment, type Config } from '../config.js';

/** The club's own variables: in a hosting deployment the registry holds them, per club. */
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

/** The process's configuration when the registry describes the clubs. */
export type HostConfig = Omit<Config, (typeof perClub)[number]>;

const hostSchema = configSchema.omit(
  Object.fromEntries(perClub.map((key) => [key, true])) as {
    [K in (typeof perClub)[number]]: true;
  },
);

/** Reads the environment of a hosting deployment (throws `ConfigError` as `loadConfig` does). */
export function loadHostConfig(env: NodeJS.ProcessEnv = process.env): HostConfig {
  return parseEnvironment(hostSchema, env);
}

/** The variables that describe a single club, which a hosting deployment ignores. */
export function singleClubVariablesSet(env: NodeJS.ProcessEnv): string[] {
  return perClub.filter((key) => (env[key] ?? '').trim() !== '');
}

/** Where Redis is, the data key and whether Slack's install flow is on, for the registry CLI. */
export function loadRegistryConfig(env: NodeJS.ProcessEnv = process.env) {
  return parseEnvironment(
    configSchema
      .pick({
        REDIS_URL: true,
        REDIS_CLUSTER_NODES: true,
        SLACK_CLIENT_ID: true,
        SLACK_CLIENT_SECRET: true,
      })
      .extend({
        CLUB_DATA_KEY: configSchema.shape.CLUB_DATA_KEY.pipe(z.string()).describe(
          configSchema.shape.CLUB_DATA_KEY.description ?? '',
        ),
      }),
    env,
  );
}
