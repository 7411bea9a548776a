import { createAskerResolver } from '../access/asker.js';
import type { ClubServices } from '../app/club-services.js';
import type { Asker } from '../core/chat-user.js';
import type { DigestDesk, DigestView } from '../core/digest-desk.js';
import type { ClubData } from '../core/club-data.js';
import type { PostAddress } from '../delivery/reply-address.js';
import { createReplyOutbox } from '../delivery/reply-outbox.js';
import type { CommandRequest } from '../jobs/club-queue.js';
import type { DigestJobs } from '../jobs/process-digest.js';
import type { Logger } from '../log.js';
import { createDigestData } from './digest-data.js';
import { digestKinds } from './digest-kinds.js';
import { createDigestScheduler } from './digest-scheduler.js';
import { runDigest } from './run-digest.js';
import { createSubscriptionStore, type Subscription } from './subscription-store.js';
import { overDigestLimit } from './digest-limits.js';

/** What the worker and the bot process use of digests. */
export interface Digests extends DigestJobs {
  /** /digest's desk for one command: its asker and the place it was typed in. */
  deskFor(request: CommandRequest, asker: Asker): DigestDesk;
  /** Drops the digest whose channel is gone (the deliverer's `onGone`). */
  dropGone(address: PostAddress): Promise<void>;
  /** The club's data as digests read it (background priority), for tests and the benchmark. */
  data: ClubData;
}

/** Options for {@link createDigests}. */
export interface DigestsOptions {
  timezone: string;
  logger: Logger;
  now?: () => number;
  /** An occurrence missed by longer is skipped. Default: 2 h. */
  lateLimitMs?: number;
}

type DigestServices = Pick<
  ClubServices,
  'redis' | 'prefix' | 'sealer' | 'cache' | 'apiFor' | 'policy' | 'links' | 'queue' | 'audit'
> &
  Partial<Pick<ClubServices, 'codeOfConduct'>>;

/** Digests on the shared services: subscriptions, job schedulers, the runner and /digest's desk. */
export function createDigests(services: DigestServices, options: DigestsOptions): Digests {
  const now = options.now ?? Date.now;
  const { logger, timezone } = options;
  const store = createSubscriptionStore(services.redis, services.prefix, services.sealer);
  const scheduler = createDigestScheduler(services.queue.queue, services.sealer, timezone);
  const data = createDigestData({ cache: services.cache, apiFor: services.apiFor, now });
  const resolveAsker = createAskerResolver({
    data,
    policy: services.policy,
    links: services.links,
    now: () => new Date(now()),
  });
  const outbox = createReplyOutbox(services.redis, services.prefix, services.sealer);

  return {
    data,
    run: (id, occurrence) =>
      runDigest(id, occurrence, {
        store,
        outbox,
        audit: services.audit,
        data,
        resolveAsker,
        dropSchedule: (gone) => scheduler.drop(gone),
        timezone,
        now,
        logger,
        lateLimitMs: options.lateLimitMs,
        codeOfConduct: services.codeOfConduct,
      }),
    async dropGone(address) {
      if (!address.subscriptionId) return;
      const removed = await store.remove(address.subscriptionId);
      await scheduler.drop(address.subscriptionId);
      if (!removed) return;
      await store.log({ at: now(), action: 'gone', id: removed.id, kind: removed.kind, by: 'bot' });
      logger.info(
        { digest: removed.id, kind: removed.kind },
        'digest dropped: its channel is gone',
      );
    },
    deskFor(request, asker) {
      const { user } = request;
      const channelId = channelOf(request);
      const { replyTo } = request;
      const channelName =
        replyTo.platform === 'slack' || replyTo.platform === 'discord'
          ? replyTo.channelName
          : undefined;
      const by = `${user.platform}:${user.userId}`;
      const view = async (subscription: Subscription): Promise<DigestView> => ({
        id: subscription.id,
        kind: subscription.kind,
        schedule: subscription.schedule,
        channelId: subscription.channelId,
        ...(subscription.channelName ? { channelName: subscription.channelName } : {}),
        nextRun: await scheduler.next(subscription.id),
        addedByMember: subscription.addedByMember,
        addedByName: subscription.addedBy.displayName,
        addedByMe:
          subscription.addedBy.platform === user.platform &&
          subscription.addedBy.userId === user.userId,
      });
      const log = (action: 'added' | 'removed', subscription: Subscription) =>
        store.log({
          at: now(),
          action,
          id: subscription.id,
          kind: subscription.kind,
          by,
          byMember: asker.memberGuid,
        });
      return {
        channelId,
        async add(kind, schedule) {
          const toChannel = digestKinds[kind].goesTo === 'channel';
          const subscription = await store.add({
            kind,
            schedule,
            platform: user.platform,
            ...(toChannel && channelId ? { channelId } : {}),
            ...(toChannel && channelName ? { channelName } : {}),
            ...(user.teamId ? { teamId: user.teamId } : {}),
            addedBy: user,
            ...(asker.memberGuid ? { addedByMember: asker.memberGuid } : {}),
            addedAt: now(),
          });
          // Counted after the write, so two adds at once cannot both slip under a limit.
          const over = overDigestLimit(await store.list(), subscription);
          if (over) {
            await store.remove(subscription.id);
            logger.info({ kind, limit: over.limit }, 'digest not added: a limit is reached');
            return over;
          }
          try {
            await scheduler.upsert(subscription);
          } catch (error) {
            await store.remove(subscription.id);
            throw error;
          }
          await log('added', subscription);
          if (!toChannel) await store.remember(user);
          logger.info({ digest: subscription.id, kind }, 'digest added');
          return view(subscription);
        },
        async list() {
          const all = await store.list();
          return Promise.all(all.filter((s) => s.platform === user.platform).map(view));
        },
        async get(id) {
          const found = await store.get(id);
          return found && found.platform === user.platform ? view(found) : undefined;
        },
        async remove(id) {
          const removed = await store.remove(id);
          if (!removed) return undefined;
          await scheduler.drop(id);
          await log('removed', removed);
          logger.info({ digest: id, kind: removed.kind }, 'digest removed');
          return view(removed);
        },
        remember: () => store.remember(user),
      };
    },
  };
}

/** Where a command was typed: the channel a channel digest posts in. */
function channelOf(request: CommandRequest): string | undefined {
  const place = request.replyTo;
  switch (place.platform) {
    case 'slack':
    case 'discord':
      return place.channelId;
    case 'console':
      return place.conversationId;
    case 'post':
      return place.post === 'channel' ? place.to : undefined;
  }
}
