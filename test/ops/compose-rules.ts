import { configSchema, configVariables, ConfigError, loadConfig } from '../../src/config.js';
import { interpolate, interpolationsIn, MissingVariableError } from './compose-interpolation.js';
import {
  commandText,
  dependsOnHealthy,
  environmentOf,
  knownRuntimeVariables,
  knownVariables,
  lenientEnvironment,
  parseCompose,
  publishedTargets,
  resolvedEnvironment,
  stringsIn,
  type ComposeDocument,
  type Env,
  type Service,
} from './compose-model.js';
import { checkRedis } from './compose-redis-rules.js';

/** The contract's variables with no default: the process stops without them. */
export function requiredConfigVariables(): string[] {
  return configVariables.filter((name) => !configSchema.shape[name].safeParse(undefined).success);
}

/**
 * What compose itself must refuse to start without: a production bot never falls back to a demo,
 * and never starts only to stop for want of the key that seals personal data (npm start needs it).
 */
export const composeRequiredVariables = ['CLUB_API_URL', 'CLUB_API_TOKEN', 'CLUB_DATA_KEY'];

/** Options for {@link checkCompose}. */
export interface ComposeCheckOptions {
  /** `demo.env`'s variables: what `docker compose --env-file demo.env up` interpolates with. */
  demoEnv: Env;
  /**
   * More environments (a filled-in `.env`, say) to run the bot's and the worker's configuration
   * through `loadConfig` with, by a name for messages. The demo's is always one.
   */
  environments?: Record<string, Env>;
}

const roles = ['bot', 'worker'] as const;
const containerVariables = new Set<string>([...configVariables, ...knownRuntimeVariables]);

/**
 * Checks `docker-compose.yml` against the configuration contract and the deployment
 * docs/operations.md describes. Returns every problem found (empty when it is right).
 */
export function checkCompose(text: string, options: ComposeCheckOptions): string[] {
  let document: ComposeDocument;
  try {
    document = parseCompose(text);
  } catch (error) {
    return [`it is not valid YAML: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  const services = document.services ?? {};
  for (const { name } of stringsIn(document).flatMap(interpolationsIn)) {
    if (!knownVariables.has(name))
      problems.push(`\${${name}} is not a variable of the configuration contract (src/config.ts)`);
  }
  for (const name of ['redis', ...roles, 'simulator']) {
    if (!services[name]) problems.push(`there is no "${name}" service`);
  }
  for (const [name, service] of Object.entries(services)) {
    const options = service.logging?.options ?? {};
    if (service.logging?.driver !== 'json-file' || !options['max-size'] || !options['max-file'])
      problems.push(`${name}: its logs have no size limit (json-file with max-size and max-file)`);
  }
  if (services.redis) problems.push(...checkRedis(services.redis, document));
  for (const name of roles) {
    const service = services[name];
    if (service) problems.push(...checkRole(name, service));
  }
  problems.push(...checkPorts(services));
  if (services.bot && services.worker) {
    const [bot, worker] = [services.bot, services.worker].map((service) =>
      lenientEnvironment(service, options.demoEnv),
    );
    for (const key of ['REDIS_URL', 'CLUB_DAILY_LIMIT', 'CLUB_API_URL']) {
      if (bot?.[key] !== worker?.[key])
        problems.push(
          `bot and worker: ${key} differs, so they would not share one budget and queue`,
        );
    }
  }
  if (services.simulator) problems.push(...checkDemo(document, services.simulator, options));

  const environments = { 'demo.env': options.demoEnv, ...options.environments };
  for (const [label, env] of Object.entries(environments)) {
    for (const name of roles) {
      const service = services[name];
      if (service) problems.push(...configProblems(`${name} (${label})`, service, env));
    }
  }
  return problems;
}

/** The bot's or a worker's command, environment and dependencies. */
function checkRole(name: (typeof roles)[number], service: Service): string[] {
  const problems: string[] = [];
  if (!new RegExp(`dist/main\\.js.*--role\\s+${name}\\b`).test(commandText(service)))
    problems.push(`${name}: the command is not node dist/main.js --role ${name}`);
  if (service.profiles?.length)
    problems.push(`${name}: must run without a profile (it has ${service.profiles.join(', ')})`);
  if (!dependsOnHealthy(service, 'redis'))
    problems.push(`${name}: does not wait for a healthy redis`);
  const environment = environmentOf(service);
  for (const key of environment.keys()) {
    if (!containerVariables.has(key))
      problems.push(`${name}: ${key} is not a variable of the configuration contract`);
  }
  for (const key of requiredConfigVariables()) {
    if (!environment.has(key))
      problems.push(`${name}: the required ${key} is neither set nor passed through`);
  }
  for (const key of composeRequiredVariables) {
    const value = environment.get(key) ?? '';
    const required = interpolationsIn(value).some(
      (found) => found.name === key && found.operator === ':?',
    );
    if (!required)
      problems.push(`${name}: ${key} is not required (expected \${${key}:?what to set})`);
  }
  const env = lenientEnvironment(service, { REDIS_PASSWORD: 'pass-word' });
  if (!env.REDIS_URL?.includes(':pass-word@'))
    problems.push(`${name}: REDIS_URL does not carry REDIS_PASSWORD`);
  if (env.OPS_HOST !== '0.0.0.0')
    problems.push(`${name}: OPS_HOST is not 0.0.0.0, so nothing in the network can scrape it`);
  return problems;
}

/** Only the bot's PORT is published: never the ops port, Redis, or a worker's. */
function checkPorts(services: Record<string, Service>): string[] {
  const problems: string[] = [];
  const { bot, worker } = services;
  if (bot) {
    const port = Number(lenientEnvironment(bot, {}).PORT ?? 3000);
    const published = publishedTargets(bot, {});
    if (!published.includes(port)) problems.push(`bot: its PORT (${port}) is not published`);
    const others = published.filter((target) => target !== port);
    if (others.length > 0)
      problems.push(`bot: publishes ${others.join(', ')} besides PORT (the ops port is private)`);
  }
  if (worker?.ports?.length) problems.push('worker: publishes a port, so --scale worker=N clashes');
  if (worker?.container_name)
    problems.push('worker: has a container_name, so --scale worker=N cannot work');
  if (services.redis?.ports?.length)
    problems.push('redis: publishes a port (only the compose network may reach Redis)');
  return problems;
}

/** The simulator, the demo stage, and the demo's values kept in demo.env. */
function checkDemo(document: ComposeDocument, simulator: Service, options: ComposeCheckOptions) {
  const problems: string[] = [];
  const { demoEnv } = options;
  if (!simulator.profiles?.includes('demo')) problems.push('simulator: not in the demo profile');
  const target = typeof simulator.build === 'object' ? simulator.build.target : undefined;
  if (target !== 'demo')
    problems.push("simulator: is not built from the image's demo stage (build.target: demo)");
  const command = commandText(simulator);
  if (!/dist\/simulator\/cli\.js/.test(command))
    problems.push('simulator: the command is not node dist/simulator/cli.js');
  if (!/--host\s+0\.0\.0\.0/.test(command))
    problems.push('simulator: listens on loopback only (expected --host 0.0.0.0)');
  const port = /--port\s+"?(\d+)/.exec(command)?.[1];
  if (!port) problems.push('simulator: no --port');
  if (!simulator.healthcheck?.test)
    problems.push("simulator: no healthcheck of its own (the image's asks the ops port)");
  if (!demoEnv.COMPOSE_PROFILES?.split(',').includes('demo'))
    problems.push('demo.env: does not turn on the demo profile (COMPOSE_PROFILES=demo)');
  for (const key of Object.keys(demoEnv)) {
    if (key !== 'COMPOSE_PROFILES' && !knownVariables.has(key))
      problems.push(`demo.env: ${key} is not a variable of the configuration contract`);
  }
  const demoValues = Object.entries(demoEnv).filter(([key, value]) => {
    return key !== 'COMPOSE_PROFILES' && value;
  });
  for (const found of stringsIn(document).flatMap(interpolationsIn)) {
    if (found.operator !== ':-' && found.operator !== '-') continue;
    const value = demoValues.find(([, demo]) => found.operand?.includes(demo ?? ''));
    if (value)
      problems.push(
        `\${${found.name}} defaults to the demo's ${value[0]}; demo values belong in demo.env`,
      );
  }
  const token = /--token\s+(\S+)/.exec(safely(() => interpolate(command, demoEnv)))?.[1];
  for (const name of roles) {
    const service = document.services?.[name];
    if (!service) continue;
    const env = lenientEnvironment(service, demoEnv);
    if (port && env.CLUB_API_URL !== `http://simulator:${port}`)
      problems.push(`${name}: with demo.env it does not use the demo's simulator`);
    if (env.CLUB_API_TOKEN !== token)
      problems.push(`${name}: with demo.env its token is not the simulator's`);
  }
  return problems;
}

function safely(interpolation: () => string): string {
  try {
    return interpolation();
  } catch (error) {
    if (error instanceof MissingVariableError) return '';
    throw error;
  }
}

/** What compose or `loadConfig` would stop at, for one role under one environment. */
function configProblems(label: string, service: Service, env: Env): string[] {
  try {
    loadConfig(resolvedEnvironment(service, env));
    return [];
  } catch (error) {
    if (error instanceof ConfigError)
      return error.problems.map((problem) => `${label}: ${problem}`);
    if (error instanceof MissingVariableError) return [`${label}: ${error.message}`];
    throw error;
  }
}
