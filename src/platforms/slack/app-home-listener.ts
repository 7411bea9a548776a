import { createHash, randomUUID } from 'node:crypto';
import { describeError } from '../../errors.js';
import type { SlackApp } from './listener-deps.js';
import { slackUser } from './map-request.js';

/**
 * The App Home tab shows /today: when someone opens it, the dispatcher queues /today for them
 * with their Home as the reply's address, and the worker's answer is published there
 * (views.publish). At most once an hour per person: opening the tab is frequent, and each
 * refresh reads the club's data.
 */
export function registerAppHome(app: SlackApp): void {
  app.event('app_home_opened', async ({ event, context }) => {
    if (event.tab !== 'home') return;
    const deps = context.club;
    const person = createHash('sha256').update(event.user).digest('hex').slice(0, 24);
    const mark = `${deps.prefix}:slack:home:${person}`;
    const id = randomUUID();
    try {
      if ((await deps.redis.set(mark, '1', 'PX', deps.homeRefreshMs, 'NX')) !== 'OK') return;
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
