import {
  commandText,
  resolvedEnvironment,
  type ComposeDocument,
  type Service,
} from './compose-model.js';

/**
 * Redis in compose: AOF on, never evicting, a memory ceiling, a password when REDIS_PASSWORD is
 * set, a healthcheck, its data on a named volume. Returns every problem found.
 */
export function checkRedis(redis: Service, document: ComposeDocument): string[] {
  const problems: string[] = [];
  const command = commandText(redis);
  if (!/--appendonly\s+"?yes"?/.test(command))
    problems.push('redis: persistence is off (expected --appendonly yes)');
  if (!/--maxmemory-policy\s+noeviction/.test(command))
    problems.push('redis: the eviction policy is not noeviction (BullMQ needs every key)');
  const ceiling = /--maxmemory\s+"?(\d+)([kmg]b?)?"?(\s|$)/i.exec(command);
  if (!ceiling || Number(ceiling[1]) === 0)
    problems.push('redis: no memory ceiling (expected --maxmemory <size>)');
  const password = resolvedEnvironment(redis, { REDIS_PASSWORD: 'pass-word' }).REDIS_PASSWORD;
  if (!/--requirepass\s+"?\$\$?\{?REDIS_PASSWORD/.test(command) || password !== 'pass-word')
    problems.push('redis: REDIS_PASSWORD does not become its requirepass');
  const check = redis.healthcheck;
  if (!check?.test || check.disable) problems.push('redis: no healthcheck');
  else if (!/(REDISCLI_AUTH=|-a\s+)"?\$\$\{?REDIS_PASSWORD/.test(String(check.test)))
    problems.push('redis: the healthcheck does not authenticate with REDIS_PASSWORD');
  const named = Object.keys(document.volumes ?? {});
  const dataVolume = (redis.volumes ?? []).some((volume) =>
    typeof volume === 'string'
      ? named.includes(volume.split(':')[0] ?? '') && volume.split(':')[1] === '/data'
      : named.includes(volume.source ?? '') && volume.target === '/data',
  );
  if (!dataVolume) problems.push('redis: /data is not on a named volume');
  return problems;
}
