import type { DailyBudget } from '../budget/daily-budget.js';
import type { Priority } from '../budget/priority.js';
import { reserveClubCall } from '../budget/reserve-club-call.js';
import { createClubApi, type ClubApi } from './club-api.js';
import type { ClubServiceFaultError } from './club-errors.js';
import type { ClubLayout } from './club-layout.js';
import { createClubClient, type ClubCallInfo } from './create-club-client.js';

/** Options for {@link createBudgetedClubApis}. */
export interface BudgetedClubApisOptions {
  baseUrl: string;
  token: string;
  budget: DailyBudget;
  /** How the host spells the collection paths, shared by every priority. Default: the spec's. */
  layout?: ClubLayout;
  /** Default: 10,000 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told about every call, for metrics and logs. */
  onCall?: (info: ClubCallInfo) => void;
  /** Told of every call that got no answer (the readiness check counts them). */
  onNetworkFailure?: (fault: ClubServiceFaultError) => void;
}

/**
 * The club API for a priority; with `spend`, every call the club's budget grants then spends from
 * a person's own share (see `reserveClubCall`), which throws when it is used up.
 */
export type BudgetedClubApis = (priority: Priority, spend?: () => Promise<void>) => ClubApi;

/**
 * One club API per priority. Every HTTP request (a layout probe's too) first reserves a unit of
 * the daily budget for its priority (or throws `BudgetDeniedError`); every response
 * reconciles the budget with the service's `X-Ratelimit-Remaining`, and a 403 marks it spent.
 */
export function createBudgetedClubApis(options: BudgetedClubApisOptions): BudgetedClubApis {
  const { budget } = options;
  const make = (priority: Priority, spend?: () => Promise<void>): ClubApi =>
    createClubApi(
      createClubClient({
        baseUrl: options.baseUrl,
        token: options.token,
        layout: options.layout,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
        beforeRequest: () => reserveClubCall(budget, priority, spend),
        async afterResponse(info) {
          if (info.status === 403) await budget.exhausted();
          else if (info.remaining !== undefined) await budget.reconcile(info.remaining);
          options.onCall?.(info);
        },
        onNetworkFailure: options.onNetworkFailure,
      }),
      { token: options.token },
    );
  const apis: Record<Priority, ClubApi> = {
    write: make('write'),
    interactive: make('interactive'),
    background: make('background'),
  };
  return (priority, spend) => (spend ? make(priority, spend) : apis[priority]);
}
