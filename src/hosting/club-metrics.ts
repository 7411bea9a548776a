import { Counter, Gauge, type Registry } from 'prom-client';
import type { ClubCallInfo } from '../club/create-club-client.js';
import { withinScrape } from '../ops/bot-metrics.js';
import type { JobFinished } from '../jobs/job-types.js';
import type { ClubDirectory } from './club-directory.js';

/**
 * The metrics labelled by club in a hosting deployment: few, so the series stay bounded by the
 * number of clubs (commands, errors, budget used); every other metric stays deployment-wide.
 */
export function createClubMetrics(
  registry: Registry,
  /** The clubs whose services are built, read at each scrape (so it can be made before them). */
  builtClubs: () => ReturnType<ClubDirectory['built']>,
) {
  const errors = new Counter({
    name: 'clubbot_club_errors_total',
    help: 'Per club: club-service calls answered 5xx or 429, and jobs that ended in a failure.',
    labelNames: ['club', 'kind'],
    registers: [registry],
  });
  new Gauge({
    name: 'clubbot_club_budget_used_calls',
    help: 'Per club whose services this process has built: calls of its daily budget used, and its limit.',
    labelNames: ['club', 'kind'],
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        builtClubs().map(async (club) => {
          const state = await withinScrape(club.services.budget.state());
          if (!state) return;
          this.set({ club: club.id, kind: 'used' }, state.used);
          this.set({ club: club.id, kind: 'limit' }, state.limit);
        }),
      );
    },
  });
  return {
    clubCall(clubId: string, info: ClubCallInfo): void {
      if (info.status >= 500 || info.status === 429 || info.status === 0)
        errors.inc({ club: clubId, kind: 'club-service' });
    },
    jobFinished(clubId: string, event: JobFinished): void {
      if (event.outcome === 'failed') errors.inc({ club: clubId, kind: 'job' });
    },
  };
}
