import type { AccessPolicy } from '../../src/access/access-policy.js';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { ownConnections } from '../../src/app/own-connections.js';
import type { Config } from '../../src/config.js';
import { buildClubScope, type ClubScope, type ScopeShared } from '../../src/hosting/club-scope.js';
import { environmentClubSettings } from '../../src/hosting/environment-directory.js';
import type { Logger } from '../../src/log.js';

/**
 * The environment's club as `club-bot start` builds its scope, under a prefix of the test's own,
 * on connections of its own that `close()` ends too.
 */
export function openTestClubScope(
  options: Omit<ScopeShared, 'connections' | 'config'> & {
    config: Config;
    logger: Logger;
    prefix: string;
    policy?: AccessPolicy;
    timezone?: string;
    /** Whether RATE_LIMIT_PER_MINUTE applies. Default: true, as in `club-bot start`. */
    rateLimit?: boolean;
  },
): ClubScope {
  const { config } = options;
  const connections = ownConnections(config, options.logger);
  const settings = {
    ...environmentClubSettings(config, options.policy ?? defaultAccessPolicy),
    prefix: options.prefix,
    ...(options.timezone ? { timezone: options.timezone } : {}),
  };
  const scope = buildClubScope(settings, {
    ...options,
    config: options.rateLimit === false ? { ...config, RATE_LIMIT_PER_MINUTE: 0 } : config,
    connections,
  });
  const close = scope.close;
  return Object.assign(scope, {
    async close() {
      await close();
      await connections.queueConnection
        .quit()
        .catch(() => connections.queueConnection.disconnect());
      await connections.redis.quit().catch(() => connections.redis.disconnect());
    },
  });
}
