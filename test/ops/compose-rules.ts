import { parse } from 'yaml';
import { configSchema, configVariables, ConfigError, loadConfig } from '../../src/config.js';
import { interpolate, interpolationsIn, MissingVariableError } from './compose-interpolation.js';

/** Variables a container may get besides the contract's: Node's and the C library's own. */
export const knownRuntimeVariables = ['NODE_ENV', 'NODE_OPTIONS', 'TZ'];

/** The contract's variables with no default: the process stops without them. */
export function requiredConfigVariables(): string[] {
  return configVariables.filter((name) => !configSchema.shape[name].safeParse(undefined).success);
}

type Env = Readonly<Record<string, string | undefined>>;

interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  ports?: (string | number | { target?: number })[];
  profiles?: string[];
  depends_on?: string[] | Record<string, { condition?: string; required?: boolean }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  container_name?: string;
}

/** A service's environment as compose writes it: `KEY: value`, `KEY=value` or a bare `KEY`. */
function environmentOf(service: Service): Map<string, string | undefined> {
  const entries = new Map<string, string | undefined>();
  const { environment } = service;
  if (Array.isArray(environment)) {
    for (const entry of environment) {
      const at = entry.indexOf('=');
      if (at < 0) entries.set(entry, undefined);
      else entries.set(entry.slice(0, at), entry.slice(at + 1));
    }
  } else if (environment) {
    for (const [key, value] of Object.entries(environment))
      entries.set(key, value === null || value === undefined ? undefined : String(value));
  }
  return entries;
}

/** The environment a container gets: values interpolated, bare keys passed through from `env`. */
export function resolvedEnvironment(service: Service, env: Env): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [key, value] of environmentOf(service)) {
    const result = value === undefined ? env[key] : interpolate(value, env);
    if (result !== undefined) resolved[key] = result;
  }
  return resolved;
}

/** The environment with no `.env`; a `${VAR:?}` is left out (its own problem is reported later). */
function demoEnvironment(service: Service): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [key, value] of environmentOf(service)) {
    if (value === undefined) continue;
    try {
      resolved[key] = interpolate(value, {});
    } catch (error) {
      if (!(error instanceof MissingVariableError)) throw error;
    }
  }
  return resolved;
}

const commandText = (service: Service | undefined) =>
  Array.isArray(service?.command) ? service.command.join(' ') : (service?.command ?? '');

/** Every string anywhere in the document, to find each variable it interpolates. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

function dependsOnHealthy(service: Service, name: string): boolean {
  const { depends_on: dependsOn } = service;
  if (!dependsOn || Array.isArray(dependsOn)) return false;
  return dependsOn[name]?.condition === 'service_healthy';
}

/** Container ports a service publishes. */
function publishedTargets(service: Service, env: Env): number[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object') return Number(port.target);
    const text = interpolate(String(port), env).replace(/\/(tcp|udp)$/, '');
    return Number(text.split(':').at(-1));
  });
}

/** Options for {@link checkCompose}. */
export interface ComposeCheckOptions {
  /**
   * Environments to run the bot's and the worker's configuration through `loadConfig` with, by
   * a name for messages. Default: an empty one (the demo profile with no `.env`).
   */
  environments?: Record<string, Env>;
}

/**
 * Checks `docker-compose.yml` against the configuration contract and the deployment the README
 * describes. Returns every problem found (empty when it is right).
 */
export function checkCompose(text: string, options: ComposeCheckOptions = {}): string[] {
  const problems: string[] = [];
  let document: { services?: Record<string, Service>; volumes?: Record<string, unknown> };
  try {
    document = (parse(text, { merge: true }) ?? {}) as typeof document;
  } catch (error) {
    return [`it is not valid YAML: ${error instanceof Error ? error.message : String(error)}`];
  }
  const services = document.services ?? {};
  const known = new Set<string>([...configVariables, ...knownRuntimeVariables]);

  for (const { name } of stringsIn(document).flatMap(interpolationsIn)) {
    if (!known.has(name))
      problems.push(`\${${name}} is not a variable of the configuration contract (src/config.ts)`);
  }

  for (const name of ['redis', 'bot', 'worker', 'simulator']) {
    if (!services[name]) problems.push(`there is no "${name}" service`);
  }
  const { redis, bot, worker, simulator } = services;

  if (redis) {
    const command = commandText(redis);
    if (!/--appendonly\s+"?yes"?/.test(command))
      problems.push('redis: persistence is off (expected --appendonly yes)');
    if (!/--maxmemory-policy\s+noeviction/.test(command))
      problems.push('redis: the eviction policy is not noeviction (BullMQ needs every key)');
    if (!redis.healthcheck?.test || redis.healthcheck.disable)
      problems.push('redis: no healthcheck');
    const named = Object.keys(document.volumes ?? {});
    const dataVolume = (redis.volumes ?? []).some((volume) =>
      typeof volume === 'string'
        ? named.includes(volume.split(':')[0] ?? '') && volume.split(':')[1] === '/data'
        : named.includes(volume.source ?? '') && volume.target === '/data',
    );
    if (!dataVolume) problems.push('redis: /data is not on a named volume');
  }

  const roles: [string, Service | undefined, string][] = [
    ['bot', bot, 'bot'],
    ['worker', worker, 'worker'],
  ];
  for (const [name, service, role] of roles) {
    if (!service) continue;
    if (!new RegExp(`dist/main\\.js.*--role\\s+${role}\\b`).test(commandText(service)))
      problems.push(`${name}: the command is not node dist/main.js --role ${role}`);
    if (service.profiles?.length)
      problems.push(`${name}: must run without a profile (it has ${service.profiles.join(', ')})`);
    if (!dependsOnHealthy(service, 'redis'))
      problems.push(`${name}: does not wait for a healthy redis`);
    const environment = environmentOf(service);
    for (const key of environment.keys()) {
      if (!known.has(key))
        problems.push(`${name}: ${key} is not a variable of the configuration contract`);
    }
    for (const key of requiredConfigVariables()) {
      if (!environment.has(key))
        problems.push(`${name}: the required ${key} is neither set nor passed through`);
    }
  }

  if (bot) {
    const port = demoEnvironment(bot).PORT ?? '3000';
    if (!publishedTargets(bot, {}).includes(Number(port)))
      problems.push(`bot: its PORT (${port}) is not published`);
  }
  if (worker) {
    if (worker.ports?.length)
      problems.push('worker: publishes a port, so --scale worker=N clashes');
    if (worker.container_name)
      problems.push('worker: has a container_name, so --scale worker=N cannot work');
  }
  if (bot && worker) {
    const [botEnv, workerEnv] = [demoEnvironment(bot), demoEnvironment(worker)];
    for (const key of ['REDIS_URL', 'CLUB_DAILY_LIMIT', 'CLUB_API_URL']) {
      if (botEnv[key] !== workerEnv[key])
        problems.push(
          `bot and worker: ${key} differs, so they would not share one budget and queue`,
        );
    }
  }

  if (simulator) {
    if (!simulator.profiles?.includes('demo')) problems.push('simulator: not in the demo profile');
    const command = commandText(simulator);
    if (!/dist\/simulator\/cli\.js/.test(command))
      problems.push('simulator: the command is not node dist/simulator/cli.js');
    if (!/--host\s+0\.0\.0\.0/.test(command))
      problems.push('simulator: listens on loopback only (expected --host 0.0.0.0)');
    const port = /--port\s+"?(\d+)/.exec(command)?.[1];
    const token = /--token\s+(\S+)/.exec(interpolate(command, {}))?.[1];
    if (!port) problems.push('simulator: no --port');
    if (!simulator.healthcheck?.test)
      problems.push("simulator: no healthcheck of its own (the image's asks /healthz on 3000)");
    for (const [name, service] of roles) {
      if (!service) continue;
      const env = demoEnvironment(service);
      if (port && env.CLUB_API_URL !== `http://simulator:${port}`)
        problems.push(`${name}: without CLUB_API_URL it does not use the demo's simulator`);
      if (token && env.CLUB_API_TOKEN !== token)
        problems.push(`${name}: without CLUB_API_TOKEN its token is not the simulator's`);
    }
  }

  const environments = options.environments ?? { 'no .env': {} };
  for (const [label, env] of Object.entries(environments)) {
    for (const [name, service] of roles) {
      if (!service) continue;
      try {
        loadConfig(resolvedEnvironment(service, env));
      } catch (error) {
        if (error instanceof ConfigError) {
          problems.push(...error.problems.map((problem) => `${name} (${label}): ${problem}`));
        } else if (error instanceof MissingVariableError) {
          problems.push(`${name} (${label}): ${error.message}`);
        } else throw error;
      }
    }
  }
  return problems;
}
