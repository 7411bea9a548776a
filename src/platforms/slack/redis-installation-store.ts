import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { Redis } from 'ioredis';
import type { Sealer } from '../../redis/sealer.js';
import { z } from 'zod';

// Bolt's Installation has many optional parts: the ones the bot relies on are checked.
const installationShape = z.looseObject({
  team: z.looseObject({ id: z.string() }).optional(),
  enterprise: z.looseObject({ id: z.string() }).optional(),
  isEnterpriseInstall: z.boolean().optional(),
  bot: z.looseObject({ token: z.string() }).optional(),
  user: z.looseObject({ id: z.string() }).optional(),
});
const installationSchema = z.custom<Installation>(
  (value) => installationShape.safeParse(value).success,
);

/**
 * Bolt's installation store in Redis: one hash of installations by team (or enterprise) id, each
 * sealed with the data key to its own field, since it holds the workspace's bot token and decides
 * which workspace the bot answers: one changed, or moved to another team's field, reads as none.
 */
export function createRedisInstallationStore(options: {
  redis: Redis;
  /** The hash's key (the registry's `slackInstallations`). */
  key: string;
  sealer: Sealer;
  /** Told after an installation is stored (a hosting deployment starts the claim). */
  onStored?: (installation: Installation) => Promise<void>;
}): InstallationStore & {
  teamToken(teamId: string): Promise<string | undefined>;
  /** Deletes the installation of a team (or enterprise) id: uninstalled, or never claimed. */
  deleteTeam(teamId: string): Promise<void>;
} {
  const { redis, key, sealer } = options;
  const idOf = (query: { isEnterpriseInstall?: boolean; enterpriseId?: string; teamId?: string }) =>
    (query.isEnterpriseInstall ? query.enterpriseId : query.teamId) ?? '';
  const at = (id: string) => ({ kind: 'slack-installation' as const, key, field: id });
  const read = async (id: string): Promise<Installation | undefined> =>
    sealer.openJsonOrAbsent(await redis.hget(key, id), at(id), installationSchema);
  return {
    async storeInstallation(installation) {
      const id = idOf({
        isEnterpriseInstall: installation.isEnterpriseInstall,
        enterpriseId: installation.enterprise?.id,
        teamId: installation.team?.id,
      });
      if (!id) throw new Error('an installation with neither a team nor an enterprise');
      await redis.hset(key, id, sealer.sealJson(installation, at(id)));
      await options.onStored?.(installation as Installation);
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      const found = await read(idOf(query));
      if (!found) throw new Error('no installation for this workspace');
      return found;
    },
    async deleteInstallation(query: InstallationQuery<boolean>) {
      await redis.hdel(key, idOf(query));
    },
    async deleteTeam(teamId) {
      await redis.hdel(key, teamId);
    },
    async teamToken(teamId) {
      return (await read(teamId))?.bot?.token;
    },
  };
}
