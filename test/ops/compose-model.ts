import { parse } from 'yaml';
import { configVariables } from '../../src/config.js';
import { interpolate, MissingVariableError } from './compose-interpolation.js';

/** Variables a container may get besides the contract's: Node's and the C library's own. */
export const knownRuntimeVariables = ['NODE_ENV', 'NODE_OPTIONS', 'TZ'];

/** Variables only compose reads (never the bot): Redis's password, which REDIS_URL then carries. */
export const composeOnlyVariables = ['REDIS_PASSWORD'];

/** Every variable compose files, `.env.example` and `demo.env` may name. */
export const knownVariables = new Set<string>([
  ...configVariables,
  ...knownRuntimeVariables,
  ...composeOnlyVariables,
]);

export type Env = Readonly<Record<string, string | undefined>>;

export interface Service {
  image?: string;
  build?: string | { context?: string; target?: string };
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  ports?: (string | number | { target?: number })[];
  profiles?: string[];
  depends_on?: string[] | Record<string, { condition?: string; required?: boolean }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  container_name?: string;
  logging?: { driver?: string; options?: Record<string, unknown> };
}

export interface ComposeDocument {
  services?: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** The document with its YAML anchors merged, as compose reads it. */
export function parseCompose(text: string): ComposeDocument {
  return (parse(text, { merge: true }) ?? {}) as ComposeDocument;
}

/** A service's environment as compose writes it: `KEY: value`, `KEY=value` or a bare `KEY`. */
export function environmentOf(service: Service): Map<string, string | undefined> {
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

/** Like {@link resolvedEnvironment}, but a `${VAR:?}` left unset leaves its key out. */
export function lenientEnvironment(service: Service, env: Env): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [key, value] of environmentOf(service)) {
    if (value === undefined) continue;
    try {
      resolved[key] = interpolate(value, env);
    } catch (error) {
      if (!(error instanceof MissingVariableError)) throw error;
    }
  }
  return resolved;
}

export const commandText = (service: Service | undefined) =>
  Array.isArray(service?.command) ? service.command.join(' ') : (service?.command ?? '');

/** Every string anywhere in the document, to find each variable it interpolates. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

export function dependsOnHealthy(service: Service, name: string): boolean {
  const { depends_on: dependsOn } = service;
  if (!dependsOn || Array.isArray(dependsOn)) return false;
  return dependsOn[name]?.condition === 'service_healthy';
}

/** Container ports a service publishes on the host. */
export function publishedTargets(service: Service, env: Env): number[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object') return Number(port.target);
    const text = interpolate(String(port), env).replace(/\/(tcp|udp)$/, '');
    return Number(text.split(':').at(-1));
  });
}
