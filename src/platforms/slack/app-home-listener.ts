import { createHash, randomUUID } from 'node:crypto';
import type { App } from '@slack/bolt';
import type { Redis } from 'ioredis';
import { describeError } from '../../errors.js';
import { clubDepsKey, type ListenerDeps } from './listener-deps.js';
import { slackUser } from './map-request.js';
import { clubKeys } from '../../redis/club-keys.js';

/** What the App Home listener needs beyond the other listeners. */
export interface AppHomeDeps extends Pick<ListenerDeps, 'dispatcher' | 'identify' | 'logger'> {
  /** Redis shared with the worker: when each person's Home was last refreshed. */
  redis: Redis;
  prefix: string;
  /** How often one person's Home is refreshed at most. Default: an hour. */
  refreshMs?: number;
}

/**
 * The App Home tab shows /today: when someone opens it, the dispatcher queues /today for them
 * with their Home as the reply's address, and the worker's answer is published there
 * (views.publish). At most once an hour per person: opening the tab is frequent, and each
 * refresh reads the club's data.
 */
export function registerAppHome(app: App, shared: AppHomeDeps): void {
  app.event('app_home_opened', async ({ event, context }) => {
    if (event.tab !== 'home') return;
    const deps = (context[clubDepsKey] as AppHomeDeps | undefined) ?? shared;
    const refreshMs = deps.refreshMs ?? 3_600_000;
    const person = createHash('sha256').update(event.user).digest('hex').slice(0, 24);
    const mark = clubKeys(deps.prefix).slackHome(person);
    const id = randomUUID();
    try {
      if ((await deps.redis.set(mark, '1', 'PX', refreshMs, 'NX')) !== 'OK') return;
      const teamId = context.teamId;
      const identity = await deps.identify(event.user, teamId);
      const result = await deps.dispatcher.command(
        { id, name: 'today', options: {} },
        slackUser(event.user, teamId, identity),
        {
          platform: 'post',
          on: 'slack',
          post: 'home',
          to: event.user,
          ...(teamId ? { teamId } : {}),
        },
      );
      deps.logger.info({ id, result: result.kind }, 'app home opened');
      // Not queued (the person was asked to slow down): the next opening tries again.
      if (result.kind !== 'queued') await deps.redis.del(mark);
    } catch (error) {
      // Not refreshed: the next opening tries again.
      await deps.redis.del(mark).catch(() => undefined);
      deps.logger.warn({ id, err: describeError(error) }, 'app home not refreshed');
    }
  });
}
