import { refreshCollection } from '../cache/cached-club-data.js';
import { registry } from '../commands/registry.js';
import { createDigests } from '../digests/create-digests.js';
import type { ClubWorkerOptions } from '../jobs/create-worker.js';
import type { JobFinished } from '../jobs/club-queue.js';
import { fileSubmission } from '../jobs/file-submission.js';
import type { Logger } from '../log.js';
import { createLinkLock } from '../access/link-lock.js';
import { linkedRolesOf } from '../access/linked-roles.js';
import { clubWelfareHerald } from '../welfare/club-welfare-herald.js';
import { tellOfIncident } from '../welfare/tell-of-incident.js';
import type { ClubServices } from '../app/club-services.js';

/** Options for {@link clubWorkerOptions}: a club's services and time zone, and the pool's hooks. */
export interface ClubJobOptions {
  services: ClubServices;
  logger: Logger;
  timezone: string;
  now?: () => number;
  onFinished?: (event: JobFinished) => void;
  /** Told after a reply or notice went into the outbox (rings the deliverer's doorbell). */
  onReplyPut?: () => Promise<void>;
}

/** The worker's options on a club's services: the command runner and the form filer. */
export function clubWorkerOptions(options: ClubJobOptions): ClubWorkerOptions {
  const { services, timezone } = options;
  // Tests move the clock; the runner's default is the real one.
  const now = options.now && (() => new Date(options.now!()));
  // Digests (#33): their job schedulers make `digest` jobs, and /digest reaches them through the runner.
  const digests = createDigests(services, { timezone, logger: options.logger, now: options.now });
  const herald = clubWelfareHerald(services, options.onReplyPut);
  return {
    redis: services.redis,
    sealer: services.sealer,
    prefix: services.prefix,
    logger: options.logger,
    runner: {
      registry,
      policy: services.policy,
      dataFor: services.dataFor,
      resolveAsker: services.resolveAsker,
      quota: services.quota,
      audit: services.audit,
      timezone,
      now,
      digestsFor: digests.deskFor,
      links: services.links,
      linkedRolesOf: linkedRolesOf({ data: services.data, policy: services.policy }),
      linkLock: createLinkLock(services.redis, services.prefix),
      welfare: herald,
      reportsMember: services.reportsMember,
      codeOfConduct: services.codeOfConduct,
    },
    digests,
    fileSubmission: (submission) =>
      fileSubmission(submission, {
        policy: services.policy,
        resolveAsker: services.resolveAsker,
        data: services.data,
        api: services.apiFor('write'),
        filer: services.filer,
        spendForm: () => services.formsShare(submission.user, submission.key),
        refresh: (collection) => refreshCollection(services.cache, services.apiFor, collection),
        timezone,
        now: now ?? (() => new Date()),
        reportsMember: services.reportsMember,
        tellWelfare: (filed) => tellOfIncident(herald, services.data, filed),
        logger: options.logger,
      }),
    async budgetRetryAt(priority) {
      const state = await services.budget.state();
      return state.byPriority[priority].nextUnitAt ?? undefined;
    },
    onFinished: options.onFinished,
    onReplyPut: options.onReplyPut,
  };
}
